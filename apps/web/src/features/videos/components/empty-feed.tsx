import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../lib/session/session-store.ts';

/** An empty feed: what is missing, and the way on (show every video when a filter emptied it, or upload). */
export function EmptyFeed({ message, onShowAll }: { message?: string; onShowAll?: () => void }) {
  const { t } = useTranslation();
  const signedIn = session.use((s) => s.isAuthenticated);
  return (
    <div className="panel empty-state" data-testid="empty-feed">
      <div className="prompt-icon" aria-hidden="true">
        ▶
      </div>
      <h2>{message ?? t('videos.emptyTitle')}</h2>
      <p>{t('videos.emptyBody')}</p>
      <div className="button-row">
        {onShowAll && (
          <button type="button" className="button" onClick={onShowAll} data-testid="show-all">
            {t('videos.showAll')}
          </button>
        )}
        {signedIn && (
          <Link className={`button${onShowAll ? ' button-outline' : ''}`} to="/upload">
            {t('videos.uploadVideo')}
          </Link>
        )}
      </div>
    </div>
  );
}
