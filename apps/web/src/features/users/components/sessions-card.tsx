import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { signOut } from '../../../lib/session/session-store.ts';

/** Sign out here, or revoke every session of the account (a lost phone, a shared computer). */
export function SessionsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = async (everywhere: boolean) => {
    await signOut(everywhere);
    notify('info', t(everywhere ? 'settings.signedOutAll' : 'auth.signedOut'));
    void navigate('/');
  };
  return (
    <div className="card">
      <h2>{t('settings.sessions')}</h2>
      <div className="button-row">
        <button
          type="button"
          className="button button-outline"
          onClick={() => void leave(false)}
          data-testid="sign-out-device"
        >
          {t('settings.signOutDevice')}
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => void leave(true)}
          data-testid="sign-out-all"
        >
          {t('settings.signOutAll')}
        </button>
      </div>
    </div>
  );
}
