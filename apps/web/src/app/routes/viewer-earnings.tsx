import { EarningsDashboard } from '../../features/viewing/components/earnings-dashboard.tsx';
import { session } from '../../lib/session/session-store.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';

export function ViewerEarningsPage() {
  const signedIn = session.use((s) => s.isAuthenticated);
  if (!signedIn) return <SignInPrompt icon="₹" title="earnings.signInTitle" body="earnings.signInBody" />;
  return <EarningsDashboard />;
}
