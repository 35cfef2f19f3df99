import { UsernameSchema, shortWallet, type User } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useUpdateUsername } from '../api/profile.ts';
import { session } from '../../../lib/session/session-store.ts';
import { TipsReceived } from './tips-received.tsx';
import { ProfileTabs } from './profile-tabs.tsx';
import { useCreatorAnalytics } from '../../analytics/index.ts';
import { errorText, issueText } from '../../../lib/error-text.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

function NameEditor({ user }: { user: User }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.username);
  const update = useUpdateUsername();
  const save = () => {
    if (name.trim() === user.username) return setEditing(false); // only a changed name is sent
    const parsed = UsernameSchema.safeParse(name);
    if (!parsed.success) return notify('error', issueText(parsed.error.issues[0], 'settings.updateFailed'));
    update.mutate(parsed.data, {
      onSuccess: () => setEditing(false),
      onError: (err) => notify('error', errorText(err, 'settings.updateFailed')),
    });
  };
  if (!editing) {
    return (
      <div className="profile-name-row">
        <h1 className="profile-name">
          <bdi>{user.username}</bdi>
        </h1>
        <button type="button" className="link-button" onClick={() => setEditing(true)} data-testid="edit-name">
          {t('common.edit')}
        </button>
      </div>
    );
  }
  return (
    <form
      className="inline-form form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <input
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={30}
        autoFocus
        aria-label={t('settings.username')}
      />
      <button type="submit" className="button">
        {t('common.save')}
      </button>
      <button
        type="button"
        className="button button-outline"
        onClick={() => {
          setName(user.username);
          setEditing(false);
        }}
      >
        {t('common.cancel')}
      </button>
    </form>
  );
}

export function ProfileView() {
  const { t } = useTranslation();
  const format = useFormats();
  const user = session.use((s) => s.user)!;
  const queryClient = useQueryClient();
  // the same totals as the creator dashboard, from the one endpoint that computes them
  const analytics = useCreatorAnalytics();
  const totals = analytics.data?.overview;
  const shown = (value: number | undefined, format: (n: number) => string) =>
    value === undefined ? '…' : format(value);

  return (
    <section className="page profile-page">
      <header className="profile-header">
        <div className="avatar avatar-xl" aria-hidden="true">
          {user.username.charAt(0).toUpperCase()}
        </div>
        <div>
          <NameEditor user={user} />
          <p className="muted">
            {user.wallet_address ? <code dir="ltr">{shortWallet(user.wallet_address)}</code> : user.email} ·{' '}
            {t('profile.joined', {
              date: user.created_at ? format.date(user.created_at) : t('profile.recently'),
            })}
          </p>
          <p>
            <strong data-testid="profile-balance">
              {t('common.tokens', { amount: format.tokens(user.total_tokens) })}
            </strong>
          </p>
        </div>
      </header>
      <dl className="stats card" data-testid="profile-totals">
        <div>
          <dt>{t('profile.videos')}</dt>
          <dd>{shown(totals?.total_videos, format.count)}</dd>
        </div>
        <div>
          <dt>{t('videos.statViews')}</dt>
          <dd>{shown(totals?.total_views, format.count)}</dd>
        </div>
        <div>
          <dt>{t('videos.statLikes')}</dt>
          <dd>{shown(totals?.total_likes, format.count)}</dd>
        </div>
        <div>
          <dt>{t('videos.statTokens')}</dt>
          <dd>{shown(totals?.total_tokens_earned, format.tokens)}</dd>
        </div>
      </dl>
      <div className="section-head">
        <h2 id="profile-content">{t('profile.myContent')}</h2>
        <button
          type="button"
          className="button button-outline"
          onClick={() =>
            void Promise.all([
              queryClient.invalidateQueries({ queryKey: ['users', user.id] }),
              queryClient.invalidateQueries({ queryKey: ['streams', 'creator', user.id] }),
              analytics.refetch(),
            ])
          }
        >
          {t('profile.refresh')}
        </button>
      </div>
      <ProfileTabs userId={user.id} own labelledBy="profile-content" />
      <TipsReceived />
      <aside className="card">
        <h2>{t('profile.tipsTitle')}</h2>
        <ul>
          <li>{t('profile.tip1')}</li>
          <li>{t('profile.tip2')}</li>
          <li>{t('profile.tip3')}</li>
        </ul>
      </aside>
    </section>
  );
}
