import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { session } from '../../lib/session/session-store.ts';

/** Signed-in only: others go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = session.use((s) => s.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}
