import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { session } from '../../lib/session/session-store.ts';
import { FullPageSpinner } from '../layout/spinner.tsx';

/** Signed-in only: others go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = session.use((s) => s.isAuthenticated);
  const restoring = session.use((s) => s.restoring);
  const location = useLocation();
  // a stored sign-in that could not be checked yet is kept: wait for it rather than ask to sign in
  if (!isAuthenticated && restoring) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}
