import type { Clip } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session/session-store.ts';
import { likeClip } from '../api/clips.ts';

/**
 * One like per visit; once liked the button is locked and the count rises by
 * one (at once, put back if the call fails). A clip liked on an earlier visit starts locked.
 */
export function useClipLike(clip: Clip) {
  const { t } = useTranslation();
  const user = session.use((s) => s.user);
  const [mine, setMine] = useState<{ likes: number } | null>(null);
  const liked = clip.liked || mine !== null;
  const likes = mine ? Math.max(mine.likes, clip.likes) : clip.likes;

  const like = async () => {
    if (!user) return notify('warning', t('clips.likeSignIn'));
    if (liked) return;
    setMine({ likes: clip.likes + 1 });
    try {
      setMine({ likes: (await likeClip(clip.id)).likes });
    } catch {
      setMine(null);
      notify('error', t('clips.likeFailed'));
    }
  };
  return { liked, likes, like };
}
