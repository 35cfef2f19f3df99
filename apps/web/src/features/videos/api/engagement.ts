import type { FollowStatus, Video } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { session, sessionActions } from '../../../lib/session/session-store.ts';

export const recordView = (id: string) =>
  api<{ counted: boolean; views: number }>(`/api/videos/${id}/view`, { method: 'POST' });
/** Changes the cached video at once; the mutations below set the server's figures, or undo on failure. */
function useVideoPatch(id: string) {
  const queryClient = useQueryClient();
  return (change: (v: Video) => Video) =>
    queryClient.setQueryData<Video>(['videos', 'one', id], (v) => (v ? change(v) : v));
}

/** Optimistic: the count moves at once and silently moves back if the call fails. */
export function useLikeVideo(id: string) {
  const patch = useVideoPatch(id);
  return useMutation({
    mutationFn: () =>
      api<{ liked: boolean; likes: number }>(`/api/videos/${id}/like`, { method: 'POST', background: true }),
    onMutate: () => patch((v) => ({ ...v, likes: v.likes + 1 })),
    onSuccess: ({ likes }) => patch((v) => ({ ...v, likes })),
    onError: () => patch((v) => ({ ...v, likes: v.likes - 1 })),
  });
}

/**
 * A tip, shown at once on the video and in the balance, then set to the server's figures or undone.
 * Each tip has its own idempotency key: a retried request never pays twice.
 */
export function useTipVideo(id: string) {
  const patch = useVideoPatch(id);
  return useMutation({
    mutationFn: (amount: number) =>
      api<{ tokens_earned: number; total_tokens: number }>(`/api/videos/${id}/tip`, {
        body: { video_id: id, amount },
        headers: { 'idempotency-key': crypto.randomUUID() },
        background: true,
      }),
    onMutate: (amount) => {
      const before = session.get().user?.total_tokens ?? 0;
      patch((v) => ({ ...v, tokens_earned: v.tokens_earned + amount }));
      sessionActions.updateUserTokens(before - amount);
      return { before };
    },
    onSuccess: (res) => {
      patch((v) => ({ ...v, tokens_earned: res.tokens_earned }));
      sessionActions.updateUserTokens(res.total_tokens);
    },
    onError: (_err, amount, context) => {
      patch((v) => ({ ...v, tokens_earned: v.tokens_earned - amount }));
      if (context) sessionActions.updateUserTokens(context.before);
    },
  });
}

/** Creators are named by wallet, or by user id when they signed up by email. */
export const creatorRef = (video: { creator_wallet: string | null; creator_id: string }) =>
  video.creator_wallet ?? video.creator_id;

export const useFollowStatus = (creator: string, enabled: boolean) =>
  useQuery({
    queryKey: ['follow', creator],
    queryFn: () =>
      api<FollowStatus>(`/api/subscription-status/${encodeURIComponent(creator)}`).then((r) => r.is_following),
    enabled,
  });

/** Follow or unfollow: the follow state is the server's answer, and the subscriptions feed is read again. */
export function useSetFollowing(creator: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api<FollowStatus>('/api/subscribe', { body: { creator_wallet: creator } })
        : api<FollowStatus>(`/api/subscribe/${encodeURIComponent(creator)}`, { method: 'DELETE' }),
    onSuccess: async ({ is_following }) => {
      queryClient.setQueryData(['follow', creator], is_following);
      await queryClient.invalidateQueries({ queryKey: ['videos', 'subscriptions'] });
    },
  });
}
