import { session } from '../../features/session/session-store.ts';
import { ComingSoon } from './coming-soon.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

export function LibraryPage() {
  const signedIn = session.use((s) => s.isAuthenticated);
  if (!signedIn) return <SignInPrompt icon="▣" title="feeds.libraryPrompt" body="feeds.libraryBody" />;
  return <ComingSoon page="library" />;
}
