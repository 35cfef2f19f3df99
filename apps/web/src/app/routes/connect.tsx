import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WalletPanel } from '../../features/auth/components/wallet-panel.tsx';

export function ConnectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="page auth-page">
      <div className="card auth-card">
        <h1>{t('wallet.title')}</h1>
        <WalletPanel afterSignIn={() => navigate('/')} />
      </div>
    </section>
  );
}
