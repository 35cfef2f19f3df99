import { useTranslation } from 'react-i18next';

const QUESTIONS = ['upload', 'earn', 'payout', 'live', 'wallet', 'safety'] as const;

export function Faq() {
  const { t } = useTranslation();
  return (
    <div className="faq">
      {QUESTIONS.map((q) => (
        <details key={q} className="card">
          <summary>{t(`help.faq.${q}.q`)}</summary>
          <p>{t(`help.faq.${q}.a`)}</p>
        </details>
      ))}
    </div>
  );
}
