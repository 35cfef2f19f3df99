import { useTranslation } from 'react-i18next';
import { GoLive } from '../../features/streams/components/go-live.tsx';
import { session } from '../../lib/session/session-store.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';

/** /go-live: signed-out visitors see 'Sign In Required'. */
export function GoLivePage() {
  const { t } = useTranslation();
  const signedIn = session.use((s) => s.isAuthenticated);
  if (!signedIn) return <SignInPrompt icon="◉" title="live.signInRequired" body="live.signInBody" />;
  return (
    <section className="page">
      <h1>{t('live.goLive')}</h1>
      <p className="muted">{t('live.goLiveSubtitle')}</p>
      <GoLive />
    </section>
  );
}
