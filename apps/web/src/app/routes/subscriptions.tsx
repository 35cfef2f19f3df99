import { session } from '../../features/session/session-store.ts';
import { ComingSoon } from './coming-soon.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

export function SubscriptionsPage() {
  const signedIn = session.use((s) => s.isAuthenticated);
  if (!signedIn) return <SignInPrompt icon="▤" title="feeds.subscriptionsPrompt" body="feeds.subscriptionsBody" />;
  return <ComingSoon page="subscriptions" />;
}
