import { useMenu } from '../../hooks/use-menu.ts';

export interface MenuOption<V> {
  value: V;
  label: string;
}

/**
 * One of the player's settings (quality, speed, captions): a button naming the setting and its value,
 * opening a menu of radio items that moves with the arrow keys and closes with Escape.
 */
export function PlayerMenu<V extends string | number>({
  name,
  shown,
  current,
  options,
  onChoose,
  testId,
}: {
  /** the setting, e.g. "Speed" */
  name: string;
  /** what the button shows: the value, or a short mark */
  shown: string;
  current: V;
  options: MenuOption<V>[];
  onChoose: (value: V) => void;
  testId: string;
}) {
  const { open, close, root, buttonProps, menuProps } = useMenu();
  const currentLabel = options.find((o) => o.value === current)?.label ?? '';
  // The name starts with what the button shows, for people who speak to their browser ("click CC").
  const label = currentLabel.includes(shown) ? `${name}: ${currentLabel}` : `${shown} · ${name}: ${currentLabel}`;
  return (
    <div className="dropdown player-menu" ref={root}>
      <button
        type="button"
        className="chip-button player-button"
        aria-label={label}
        title={label}
        data-testid={testId}
        {...buttonProps}
      >
        {shown}
      </button>
      {open && (
        <div className="dropdown-panel player-menu-panel" aria-label={name} {...menuProps}>
          {options.map((o) => (
            <button
              key={o.value}
              type="button"
              role="menuitemradio"
              aria-checked={o.value === current}
              className="menu-item"
              data-value={o.value}
              onClick={() => {
                close();
                buttonProps.ref.current?.focus();
                onChoose(o.value);
              }}
            >
              {o.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
