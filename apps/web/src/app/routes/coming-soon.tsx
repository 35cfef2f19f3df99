import { useTranslation } from 'react-i18next';

/** A page that a later release fills in: it names itself so nobody mistakes it for a broken page. */
export function ComingSoon({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <section className="page placeholder-page" data-testid="placeholder">
      <h1>{t(`pages.${page}`)}</h1>
      <p>{t('pages.comingSoon')}</p>
    </section>
  );
}
