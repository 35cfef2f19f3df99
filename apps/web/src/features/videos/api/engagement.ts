import type { FollowStatus } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const recordView = (id: string) =>
  api<{ counted: boolean; views: number }>(`/api/videos/${id}/view`, { method: 'POST' });
export const likeVideo = (id: string) =>
  api<{ liked: boolean; likes: number }>(`/api/videos/${id}/like`, { method: 'POST', background: true });

/** A tip; retrying with the same key never pays twice. */
export const tipVideo = (id: string, amount: number, idempotencyKey: string) =>
  api<{ tokens_earned: number; total_tokens: number }>(`/api/videos/${id}/tip`, {
    body: { video_id: id, amount },
    headers: { 'idempotency-key': idempotencyKey },
    background: true,
  });

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
