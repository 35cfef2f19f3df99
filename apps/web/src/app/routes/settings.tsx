import { useTranslation } from 'react-i18next';
import { AccountEmailCard } from '../../features/auth/components/account-email-card.tsx';
import { DeleteAccountCard } from '../../features/auth/components/delete-account-card.tsx';
import { PasswordCard } from '../../features/auth/components/password-card.tsx';
import { session } from '../../lib/session/session-store.ts';
import { AccountCard } from '../../features/users/components/account-card.tsx';
import { LanguageSetting } from '../../features/users/components/language-setting.tsx';
import { SessionsCard } from '../../features/users/components/sessions-card.tsx';
import { NotificationSettings } from '../../features/notifications/components/notification-settings.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

/** Language is for everyone; the account (address, password, deletion) and its sessions for the signed-in. */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = session.use((s) => s.user);
  return (
    <section className="page settings-page">
      <h1>{t('settings.title')}</h1>
      <LanguageSetting />
      {user ? (
        <>
          <AccountCard user={user} />
          <AccountEmailCard user={user} />
          {user.email && <PasswordCard />}
          <NotificationSettings />
          <SessionsCard />
          <DeleteAccountCard user={user} />
        </>
      ) : (
        <SignInPrompt icon="⚙" title="settings.signInTitle" body="settings.signInBody" compact />
      )}
    </section>
  );
}
