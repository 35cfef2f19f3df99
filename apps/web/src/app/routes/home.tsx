import { useTranslation } from 'react-i18next';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <div className="hero">
        <h1>{t('feeds.welcomeTitle')}</h1>
        <p>{t('feeds.welcomeBody')}</p>
      </div>
    </section>
  );
}
