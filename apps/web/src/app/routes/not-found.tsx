import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page centered-page">
      <h1>{t('pages.notFoundTitle')}</h1>
      <p>{t('pages.notFoundBody')}</p>
      <Link className="button" to="/">
        {t('common.goHome')}
      </Link>
    </section>
  );
}
