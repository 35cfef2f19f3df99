import { shortWallet } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/session/session-store.ts';
import { getProvider, walletDiscovery, type AnnouncedWallet } from '../lib/eip6963.ts';
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

/** Shown before anyone did anything: information, not an error. */
function InstallWallet() {
  const { t } = useTranslation();
  return (
    <div data-testid="no-wallet">
      <p className="notice notice-inline">{t('wallet.notInstalled')}</p>
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

/** Every wallet that announced itself (EIP-6963), by its own name and icon: the one pressed signs. */
function WalletChoices({ wallets, onConnect }: { wallets: AnnouncedWallet[]; onConnect(rdns: string): void }) {
  const { t } = useTranslation();
  const connecting = wallet.use((s) => s.connecting);
  return (
    <div className="wallet-choices" role="group" aria-label={t('wallet.choose')} data-testid="wallet-choices">
      {wallets.map(({ info }) => (
        <button
          key={info.rdns}
          type="button"
          className="button wallet-button"
          disabled={connecting}
          data-testid="wallet-choice"
          data-rdns={info.rdns}
          onClick={() => onConnect(info.rdns)}
        >
          <img src={info.icon} alt="" width={24} height={24} />
          <span>{t('wallet.connectWith', { name: info.name })}</span>
        </button>
      ))}
    </div>
  );
}

/** Connect, sign the challenge, done; or the install steps when the browser has no wallet. */
export function WalletPanel({ afterSignIn }: { afterSignIn(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { address, connecting, error } = wallet.use((s) => s);
  const wallets = walletDiscovery.use((s) => s.wallets);
  const provider = walletDiscovery.use(getProvider);
  const connect = async (rdns?: string) => (await connectWallet(rdns)) && afterSignIn();
  const user = session.use((s) => s.user);
  const connected = !!address && !!user?.wallet_address && address.toLowerCase() === user.wallet_address.toLowerCase();

  let body;
  if (!provider) body = <InstallWallet />;
  else if (connected)
    body = (
      <div className="wallet-connected" data-testid="wallet-connected">
        <p>
          {t('wallet.connected')}:{' '}
          <code data-testid="wallet-address" dir="ltr">
            {shortWallet(address)}
          </code>
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
        {wallets.length > 0 ? (
          <WalletChoices wallets={wallets} onConnect={(rdns) => void connect(rdns)} />
        ) : (
          <button
            type="button"
            className="button wallet-button"
            disabled={connecting}
            data-testid="connect-wallet"
            onClick={() => void connect()}
          >
            🦊 {connecting ? t('wallet.connecting') : t('wallet.connect')}
          </button>
        )}
        {connecting && wallets.length > 0 && <p className="muted">{t('wallet.connecting')}</p>}
        <p className="muted">{t('wallet.network')}</p>
      </>
    );

  return (
    <div className="wallet-panel">
      {body}
      {error && provider && (
        <p className="form-error" role="alert" data-testid="wallet-error">
          {error}
        </p>
      )}
      <SecurityNotice />
    </div>
  );
}
