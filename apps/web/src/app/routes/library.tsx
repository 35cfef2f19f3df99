import { ProfileView } from '../../features/users/components/profile-view.tsx';
import { session } from '../../lib/session/session-store.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';

export function LibraryPage() {
  const signedIn = session.use((s) => s.isAuthenticated);
  if (!signedIn) return <SignInPrompt icon="▣" title="feeds.libraryPrompt" body="feeds.libraryBody" />;
  return <ProfileView />;
}
