import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, storedLanguage } from '../../features/i18n/i18n.ts';
import { LANGUAGES, findLanguage } from '../../features/i18n/languages.ts';
import { useDismiss } from './use-dismiss.ts';

const groups = ['indian', 'international'] as const;

/** A menu of 47 languages in two groups; keyboard: Enter/Space opens, Escape closes, Tab moves. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  const current = findLanguage(i18n.language) ?? findLanguage(storedLanguage());
  const firstItem = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) firstItem.current?.focus();
  }, [open]);

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="chip-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('language.choose')}
        data-testid="language-picker"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{current?.flag}</span> {current?.code}
      </button>
      {open && (
        <div className="dropdown-panel language-panel" role="menu">
          {groups.map((group) => (
            <section key={group}>
              <h3 className="menu-heading">{t(`language.${group}`)}</h3>
              <div className="language-grid">
                {LANGUAGES.filter((l) => l.category === group).map((l, i) => (
                  <button
                    key={l.code}
                    ref={group === 'indian' && i === 0 ? firstItem : undefined}
                    type="button"
                    role="menuitemradio"
                    aria-checked={l.code === current?.code}
                    lang={l.code.toLowerCase()}
                    title={l.english}
                    data-lang={l.code}
                    className="menu-item"
                    onClick={() => {
                      setOpen(false);
                      void changeLanguage(l.code);
                    }}
                  >
                    <span aria-hidden="true">{l.flag}</span> {l.name}
                  </button>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
