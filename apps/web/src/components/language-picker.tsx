import { useTranslation } from 'react-i18next';
import { useMenu } from '../hooks/use-menu.ts';
import { changeLanguage } from '../lib/i18n/i18n.ts';
import { LANGUAGE_GROUPS, LANGUAGES, findLanguage } from '../lib/i18n/languages.ts';

/** The header's language menu: 47 languages in two groups, each in its own script. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const { open, close, root, buttonProps, menuProps } = useMenu();
  const current = findLanguage(i18n.language);

  return (
    <div className="dropdown" ref={root}>
      <button type="button" className="chip-button" data-testid="language-picker" {...buttonProps}>
        {/* the visible code starts the name a screen reader says, so a spoken "HI" finds the button */}
        <span className="language-code">{current?.code}</span>
        <span className="sr-only">
          , {t('language.choose')}: {current?.name}
        </span>
      </button>
      {open && (
        <div className="dropdown-panel language-panel" aria-label={t('language.choose')} {...menuProps}>
          {LANGUAGE_GROUPS.map((group) => (
            <div key={group} role="group" aria-labelledby={`language-group-${group}`}>
              <h3 className="menu-heading" id={`language-group-${group}`}>
                {t(`language.${group}`)}
              </h3>
              <div className="language-grid">
                {LANGUAGES.filter((l) => l.category === group).map((l) => (
                  <button
                    key={l.code}
                    type="button"
                    role="menuitemradio"
                    aria-checked={l.code === current?.code}
                    lang={l.code.toLowerCase()}
                    title={l.english}
                    data-lang={l.code}
                    className="menu-item"
                    onClick={() => {
                      close();
                      void changeLanguage(l.code);
                    }}
                  >
                    <span className="language-code" aria-hidden="true">
                      {l.code}
                    </span>{' '}
                    {l.name}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
