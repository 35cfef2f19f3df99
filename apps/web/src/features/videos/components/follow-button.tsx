import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session/session-store.ts';
import { setFollowing, useFollowStatus } from '../api/engagement.ts';

/** Follow state changes only when the call returns ok; hidden on one's own content. */
export function FollowButton({ creator, creatorId }: { creator: string; creatorId: string }) {
  const { t } = useTranslation();
  const user = session.use((s) => s.user);
  const queryClient = useQueryClient();
  const { data: following } = useFollowStatus(creator, !!user && user.id !== creatorId);
  const [busy, setBusy] = useState(false);
  if (user?.id === creatorId) return null;

  const toggle = async () => {
    if (!user) return notify('warning', t('videos.followSignIn'));
    setBusy(true);
    try {
      const { is_following } = await setFollowing(creator, !following);
      queryClient.setQueryData(['follow', creator], is_following);
      void queryClient.invalidateQueries({ queryKey: ['videos', 'subscriptions'] });
    } catch {
      notify('error', t('videos.followFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`button${following ? ' button-secondary' : ''}`}
      disabled={busy}
      onClick={toggle}
      data-testid="follow-button"
    >
      {following ? t('videos.following') : t('videos.follow')}
    </button>
  );
}
