import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormats } from '../../lib/i18n/formatting.ts';

const LINKS = [
  ['/about', 'footer.about'],
  ['/press', 'footer.press'],
  ['/copyright', 'footer.copyright'],
  ['/creators', 'footer.creators'],
  ['/advertise', 'footer.advertise'],
  ['/developers', 'footer.developers'],
  ['/policies', 'footer.policies'],
  ['/support', 'footer.support'],
  ['/web3-features', 'footer.web3'],
  ['/future-vision', 'footer.futureVision'],
] as const;

export function Footer() {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <footer className="footer">
      <nav aria-label={t('footer.label')}>
        {LINKS.map(([to, label]) => (
          <Link key={to} to={to}>
            {t(label)}
          </Link>
        ))}
      </nav>
      <p>{t('footer.rights', { year: format.year(new Date()) })}</p>
    </footer>
  );
}
