import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';

/** A failure that says nothing about the thing asked for: the network, or the server's own fault. */
export const isServerFailure = (err: unknown): boolean =>
  err != null && (!(err instanceof ApiError) || err.status === 0 || err.status >= 500);

/** A page whose data could not be loaded for a reason that may pass: it says so and offers a retry. */
export function LoadFailed({ onRetry, testId }: { onRetry(): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="page centered-page" role="alert" data-testid={testId}>
      <h1>{t('errors.somethingWrong')}</h1>
      <p>{t('errors.oopsBody')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('errors.tryAgain')}
      </button>
    </section>
  );
}
