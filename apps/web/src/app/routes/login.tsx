import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { EmailForm } from '../../features/auth/components/email-form.tsx';
import { session } from '../../lib/session/session-store.ts';
import { WalletPanel } from '../../features/auth/components/wallet-panel.tsx';
import { getProvider, walletDiscovery } from '../../features/auth/lib/eip6963.ts';

type Tab = 'email' | 'wallet';

export function LoginPage() {
  const { t } = useTranslation();
  // a browser without any wallet opens on email; once the person picks a tab, it stays
  const hasWallet = walletDiscovery.use((s) => !!getProvider(s));
  const [picked, setTab] = useState<Tab | null>(null);
  const tab = picked ?? (hasWallet ? 'wallet' : 'email');
  const navigate = useNavigate();
  const location = useLocation();
  const isAuthenticated = session.use((s) => s.isAuthenticated);
  const redirectedFrom = (location.state as { from?: string } | null)?.from;
  const from = redirectedFrom ?? '/';
  const done = () => navigate(from, { replace: true });
  if (isAuthenticated) return <Navigate to={from} replace />;

  return (
    <section className="page auth-page">
      <div className="card auth-card">
        <h1>{t('auth.title')}</h1>
        {redirectedFrom && (
          <p className="notice notice-inline" data-testid="login-required">
            {t('auth.loginRequired')}
          </p>
        )}
        <div className="tabs" role="tablist">
          {(['wallet', 'email'] as const).map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`panel-${id}`}
              className="tab"
              onClick={() => setTab(id)}
              data-testid={`tab-${id}`}
            >
              {t(`auth.${id}Tab`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'email' ? <EmailForm afterSignIn={done} /> : <WalletPanel afterSignIn={done} />}
        </div>
      </div>
    </section>
  );
}
