import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../lib/session/session-store.ts';

export function EmptyFeed({ message }: { message?: string }) {
  const { t } = useTranslation();
  const signedIn = session.use((s) => s.isAuthenticated);
  return (
    <div className="panel empty-state" data-testid="empty-feed">
      <div className="prompt-icon" aria-hidden="true">
        ▶
      </div>
      <h2>{message ?? t('videos.emptyTitle')}</h2>
      <p>{t('videos.emptyBody')}</p>
      {signedIn && (
        <Link className="button" to="/upload">
          {t('videos.uploadVideo')}
        </Link>
      )}
    </div>
  );
}
