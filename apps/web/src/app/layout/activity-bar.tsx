import { useTranslation } from 'react-i18next';
import { apiActivity } from '../../lib/api.ts';

/** A thin bar under the header while calls the person waits for are in flight. */
export function ActivityBar() {
  const { t } = useTranslation();
  const busy = apiActivity.use((s) => s.pending > 0);
  if (!busy) return null;
  return <div className="activity-bar" role="progressbar" aria-label={t('app.working')} data-testid="activity-bar" />;
}
