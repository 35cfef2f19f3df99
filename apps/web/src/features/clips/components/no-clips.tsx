import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../lib/session/session-store.ts';

/** The two empty states: with filters, or before anyone made a clip. */
export function NoClips({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  const signedIn = session.use((s) => s.isAuthenticated);
  return (
    <div className="panel empty-state" data-testid="clips-empty">
      <div className="prompt-icon" aria-hidden="true">
        ✂
      </div>
      <h2>{t('clips.emptyTitle')}</h2>
      <p>{t(filtered ? 'clips.emptyFiltered' : 'clips.emptyAll')}</p>
      {!filtered && signedIn && (
        <Link className="button" to="/">
          {t('clips.findVideo')}
        </Link>
      )}
    </div>
  );
}
