import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useClipSource, type ClipSourceKind } from '../../features/clips/api/clip-source.ts';
import { ClipCreator } from '../../features/clips/components/clip-creator.tsx';
import { notify } from '../../lib/notifications.ts';
import { session } from '../../lib/session/session-store.ts';
import { ApiError } from '../../lib/api.ts';
import { FullPageSpinner } from '../layout/spinner.tsx';
import { isolate } from '../../lib/i18n/isolate.ts';

const LOAD_FAILED: Record<ClipSourceKind, string> = {
  video: 'clips.creator.loadVideoFailed',
  stream: 'clips.creator.loadStreamFailed',
};

/** /clip-creator?video={id} or ?stream={id}: signed-in only, with the spec's redirects and texts. */
export function ClipCreatorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signedIn = session.use((s) => s.isAuthenticated);
  const video = params.get('video');
  const stream = params.get('stream');
  const [kind, id]: [ClipSourceKind | undefined, string | undefined] = video
    ? ['video', video]
    : stream
      ? ['stream', stream]
      : [undefined, undefined];
  const source = useClipSource(signedIn ? kind : undefined, id);
  const missing = source.error instanceof ApiError && source.error.status === 404;
  const redirected = useRef(false); // one notice, even when effects run twice

  useEffect(() => {
    if (redirected.current) return;
    let leave: (() => void) | undefined;
    if (!signedIn) {
      leave = () => {
        notify('warning', t('clips.creator.signIn'));
        void navigate('/login', { replace: true, state: { from: location.pathname + location.search } });
      };
    } else if (!kind) {
      leave = () => {
        notify('error', t('clips.creator.invalidSource'));
        void navigate('/', { replace: true });
      };
    } else if (source.error && !missing) {
      leave = () => {
        notify('error', t(LOAD_FAILED[kind]));
        void navigate('/', { replace: true });
      };
    }
    if (leave) {
      redirected.current = true;
      leave();
    }
  }, [signedIn, kind, source.error, missing, navigate, location, t]);

  if (missing) {
    const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
    return (
      <section className="page centered-page" data-testid="source-not-found">
        <h1>{t('clips.creator.sourceNotFound')}</h1>
        <p>{t('clips.creator.sourceNotFoundBody')}</p>
        <button type="button" className="button" onClick={goBack}>
          {t('clips.creator.goBack')}
        </button>
      </section>
    );
  }
  if (!source.data) return <FullPageSpinner />;
  const data = source.data;
  return (
    <section className="page clip-creator-page">
      <h1>{t('clips.creator.title')}</h1>
      <p className="muted" data-testid="clip-source">
        {t('clips.creator.from', { title: isolate(data.title), creator: isolate(data.creator_username) })}
      </p>
      {data.ready ? (
        <ClipCreator source={data} />
      ) : (
        <p className="notice" role="status">
          {t('clips.creator.notReady')}
        </p>
      )}
    </section>
  );
}
