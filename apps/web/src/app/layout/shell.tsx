import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toasts } from '../../features/notifications/toasts.tsx';
import { session } from '../../features/session/session-store.ts';
import { WalletWatcher } from '../../features/wallet/wallet-watcher.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { FullPageSpinner } from './spinner.tsx';

const wideScreen = () => window.matchMedia('(min-width: 1024px)').matches;

export function Shell() {
  const [menuOpen, setMenuOpen] = useState(wideScreen);
  const loading = session.use((s) => s.loading);
  const location = useLocation();

  return (
    <div className={`app${menuOpen ? ' menu-open' : ''}`}>
      <WalletWatcher />
      <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((o) => !o)} />
      <Sidebar open={menuOpen} onClose={() => setMenuOpen(false)} />
      <main className="main" id="main">
        {loading ? (
          <FullPageSpinner />
        ) : (
          <ErrorBoundary key={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        )}
        <Footer />
      </main>
      <Toasts />
    </div>
  );
}
