import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../lib/i18n/i18n.ts';
import { LANGUAGE_GROUPS, LANGUAGES, findLanguage } from '../../../lib/i18n/languages.ts';

export function LanguageSetting() {
  const { t, i18n } = useTranslation();
  return (
    <div className="card">
      <h2>
        <label htmlFor="settings-language">{t('settings.language')}</label>
      </h2>
      <select
        id="settings-language"
        value={findLanguage(i18n.language)?.code}
        onChange={(e) => void changeLanguage(e.target.value)}
        data-testid="settings-language"
      >
        {LANGUAGE_GROUPS.map((group) => (
          <optgroup key={group} label={t(`language.${group}`)}>
            {LANGUAGES.filter((l) => l.category === group).map((l) => (
              <option key={l.code} value={l.code}>{`${l.name} (${l.english})`}</option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
