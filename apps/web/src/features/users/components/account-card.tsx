import { shortWallet, type User } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UsernameForm } from './username-form.tsx';

export function AccountCard({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <h2>{t('settings.account')}</h2>
      <UsernameForm key={user.username} user={user} />
      <dl className="facts">
        <dt>{t('settings.wallet')}</dt>
        <dd data-testid="settings-wallet">
          {user.wallet_address ? (
            <code title={user.wallet_address} dir="ltr">
              {shortWallet(user.wallet_address)}
            </code>
          ) : (
            <>
              {t('settings.noWallet')} · <Link to="/connect">{t('settings.connectWallet')}</Link>
            </>
          )}
        </dd>
        <dt>{t('settings.role')}</dt>
        <dd>{t(`settings.roles.${user.role}`)}</dd>
      </dl>
    </div>
  );
}
