import { useTranslation } from 'react-i18next';
import { ClipsBrowser } from '../../features/clips/components/clips-browser.tsx';

export function ClipsPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t('clips.title')}</h1>
      <p className="muted">{t('clips.subtitle')}</p>
      <ClipsBrowser />
    </section>
  );
}
