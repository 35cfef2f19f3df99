import type { Clip } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../session/stores/session-store.ts';
import { ClipCard } from './clip-card.tsx';

const SKELETONS = 8;

export function ClipSkeletons() {
  return (
    <div className="video-grid clip-grid" aria-busy="true" data-testid="clip-skeletons">
      {Array.from({ length: SKELETONS }, (_, i) => (
        <div key={i} className="clip-card skeleton">
          <div className="thumb" />
          <div className="skeleton-line" />
          <div className="skeleton-line short" />
        </div>
      ))}
    </div>
  );
}

export function ClipGrid({ clips }: { clips: Clip[] }) {
  return (
    <div className="video-grid clip-grid">
      {clips.map((c) => (
        <ClipCard key={c.id} clip={c} />
      ))}
    </div>
  );
}

/** The two empty states of spec extended §2: with filters, or before anyone made a clip. */
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
