import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../lib/session/session-store.ts';

/**
 * The empty states: nobody live, nothing in the chosen category, or nothing
 * for the other filters.
 */
export function NoStreams({ status, category }: { status: string; category: string | undefined }) {
  const { t } = useTranslation();
  const signedIn = session.use((s) => s.isAuthenticated);
  const body = category
    ? t('live.emptyCategory', { category: t(`clips.category.${category}`, { defaultValue: category }) })
    : status === 'live'
      ? t('live.emptyLive')
      : status === 'scheduled'
        ? t('live.emptyUpcoming')
        : t('live.emptyFiltered');
  return (
    <div className="panel empty-state" data-testid="streams-empty">
      <div className="prompt-icon" aria-hidden="true">
        ◉
      </div>
      <h2>{t(status === 'scheduled' ? 'live.emptyUpcomingTitle' : 'live.emptyTitle')}</h2>
      <p>{body}</p>
      {signedIn && !category && status === 'live' && (
        <Link className="button" to="/go-live">
          {t('live.goLive')}
        </Link>
      )}
    </div>
  );
}
