import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

const ITEMS = '[role^="menuitem"]';

/**
 * A popup menu's behaviour: opening focuses the current or first item, arrows/Home/End move between
 * items, Escape closes and returns focus to the button, a click outside closes.
 */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const panel = root.current;
    (
      panel?.querySelector<HTMLElement>(`${ITEMS}[aria-checked="true"]`) ?? panel?.querySelector<HTMLElement>(ITEMS)
    )?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onPointer = (e: MouseEvent) => panel && !panel.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  const onMenuKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined || !items.length) return;
    e.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };

  const buttonProps = {
    ref: trigger,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    onClick: () => setOpen((o) => !o),
  };
  return { open, close, root, buttonProps, menuProps: { role: 'menu', onKeyDown: onMenuKeyDown } };
}
