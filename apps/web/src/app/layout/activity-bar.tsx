import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { apiActivity } from '../../lib/api.ts';

/** A thin bar under the header while calls the person waits for are in flight, or the next page loads. */
export function ActivityBar() {
  const { t } = useTranslation();
  const calling = apiActivity.use((s) => s.pending > 0);
  const navigating = useNavigation().state !== 'idle';
  if (!calling && !navigating) return null;
  return <div className="activity-bar" role="progressbar" aria-label={t('app.working')} data-testid="activity-bar" />;
}
