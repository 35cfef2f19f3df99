import { shortWallet } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { session } from '../../../lib/session/session-store.ts';
import { usePublicUser } from '../api/user-content.ts';
import { ProfileTabs } from './profile-tabs.tsx';

/** /channel/:userId: anyone's public profile, with their public videos, clips and streams as tabs. */
export function ChannelView() {
  const { t } = useTranslation();
  const format = useFormats();
  const { userId = '' } = useParams();
  const viewer = session.use((s) => s.user);
  const profile = usePublicUser(userId);
  if (profile.isLoading) return <section className="page" aria-busy="true" />;
  if (!profile.data)
    return (
      <section className="page centered-page" role="alert">
        <h1>{errorText(profile.error)}</h1>
        <Link className="button" to="/">
          {t('common.goHome')}
        </Link>
      </section>
    );
  const user = profile.data;
  return (
    <section className="page profile-page">
      <header className="profile-header">
        <div className="avatar avatar-xl" aria-hidden="true">
          {user.username.charAt(0).toUpperCase()}
        </div>
        <div>
          <h1 className="profile-name" id="channel-name">
            <bdi>{user.username}</bdi>
          </h1>
          <p className="muted">
            {user.wallet_address && (
              <>
                <code dir="ltr">{shortWallet(user.wallet_address)}</code> ·{' '}
              </>
            )}
            {t('profile.joined', { date: format.date(user.created_at) })}
          </p>
        </div>
      </header>
      <ProfileTabs userId={user.id} own={viewer?.id === user.id} labelledBy="channel-name" />
    </section>
  );
}
