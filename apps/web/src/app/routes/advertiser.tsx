import { AdvertiserDashboard } from '../../features/advertisers/components/advertiser-dashboard.tsx';
import { session } from '../../lib/session/session-store.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';

export function AdvertiserPage() {
  const signedIn = session.use((s) => s.isAuthenticated);
  if (!signedIn) return <SignInPrompt icon="📣" title="advertiser.signInTitle" body="advertiser.signInBody" />;
  return <AdvertiserDashboard />;
}
