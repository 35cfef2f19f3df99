import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Toasts } from '../../components/toasts.tsx';
import { session } from '../../lib/session/session-store.ts';
import { useWalletEvents } from '../../features/auth/hooks/use-wallet-events.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { OVERLAY_QUERY, Sidebar } from './sidebar.tsx';
import { FullPageSpinner } from './spinner.tsx';

export function Shell() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(() => !window.matchMedia(OVERLAY_QUERY).matches);
  const loading = session.use((s) => s.loading);
  const location = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useWalletEvents();

  return (
    <div className={`app${menuOpen ? ' menu-open' : ''}`}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((o) => !o)} />
      <Sidebar open={menuOpen} onClose={closeMenu} />
      <main className="main" id="main" tabIndex={-1}>
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
