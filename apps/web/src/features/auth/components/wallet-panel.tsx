import { shortWallet } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/session/session-store.ts';
import { getProvider } from '../lib/eip1193.ts';
import { connectWallet, disconnectWallet } from '../lib/wallet-flow.ts';
import { wallet } from '../stores/wallet-store.ts';

function SecurityNotice() {
  const { t } = useTranslation();
  return (
    <aside className="notice" data-testid="security-notice">
      <strong>🔒 {t('wallet.securityTitle')}</strong>
      <p>{t('wallet.securityNotice')}</p>
    </aside>
  );
}

function InstallWallet() {
  const { t } = useTranslation();
  return (
    <div data-testid="no-wallet">
      <p className="form-error" role="alert">
        {t('wallet.notInstalled')}
      </p>
      <a className="button" href="https://metamask.io/download/" target="_blank" rel="noreferrer noopener">
        {t('wallet.install')}
      </a>
      <h3>{t('wallet.setupTitle')}</h3>
      <ol className="steps">
        {[1, 2, 3, 4].map((n) => (
          <li key={n}>{t(`wallet.setup${n}`)}</li>
        ))}
      </ol>
    </div>
  );
}

/** Connect, sign the challenge, done; or the install steps when the browser has no wallet. */
export function WalletPanel({ afterSignIn }: { afterSignIn(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { address, connecting, error } = wallet.use((s) => s);
  const user = session.use((s) => s.user);
  const connected = !!address && !!user?.wallet_address && address.toLowerCase() === user.wallet_address.toLowerCase();

  let body;
  if (!getProvider()) body = <InstallWallet />;
  else if (connected)
    body = (
      <div className="wallet-connected" data-testid="wallet-connected">
        <p>
          {t('wallet.connected')}: <code data-testid="wallet-address">{shortWallet(address)}</code>
        </p>
        <div className="button-row">
          <button type="button" className="button" onClick={() => navigate('/')}>
            {t('wallet.startExploring')}
          </button>
          <button type="button" className="button button-outline" onClick={() => void disconnectWallet()}>
            {t('wallet.disconnect')}
          </button>
        </div>
      </div>
    );
  else
    body = (
      <>
        <p>{t('wallet.intro')}</p>
        <button
          type="button"
          className="button wallet-button"
          disabled={connecting}
          data-testid="connect-wallet"
          onClick={async () => (await connectWallet()) && afterSignIn()}
        >
          🦊 {connecting ? t('wallet.connecting') : t('wallet.connect')}
        </button>
        <p className="muted">{t('wallet.network')}</p>
      </>
    );

  return (
    <div className="wallet-panel">
      {body}
      {error && getProvider() && (
        <p className="form-error" role="alert" data-testid="wallet-error">
          {error}
        </p>
      )}
      <SecurityNotice />
    </div>
  );
}
