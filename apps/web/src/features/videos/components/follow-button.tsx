import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session/session-store.ts';
import { useFollowStatus, useSetFollowing } from '../api/engagement.ts';

/** Follow state changes only when the call returns ok; hidden on one's own content. */
export function FollowButton({ creator, creatorId }: { creator: string; creatorId: string }) {
  const { t } = useTranslation();
  const user = session.use((s) => s.user);
  const { data: following } = useFollowStatus(creator, !!user && user.id !== creatorId);
  const setFollowing = useSetFollowing(creator);
  if (user?.id === creatorId) return null;

  const toggle = () => {
    if (!user) return notify('warning', t('videos.followSignIn'));
    setFollowing.mutate(!following, { onError: () => notify('error', t('videos.followFailed')) });
  };

  return (
    <button
      type="button"
      className={`button${following ? ' button-secondary' : ''}`}
      disabled={setFollowing.isPending}
      onClick={toggle}
      data-testid="follow-button"
    >
      {following ? t('videos.following') : t('videos.follow')}
    </button>
  );
}
