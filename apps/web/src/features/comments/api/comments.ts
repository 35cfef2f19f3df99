import {
  CommentLimits,
  type Comment,
  type CommentCreate,
  type CommentList,
  type CommentReport,
  type CommentSettings,
  type CommentTarget,
} from '@app/shared';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** What the comments hang from: the API resource and its cached query (the videos' and clips' keys). */
const RESOURCE = { video: 'videos', clip: 'clips' } as const satisfies Record<CommentTarget, string>;
export interface Target {
  kind: CommentTarget;
  id: string;
}

const PAGE = CommentLimits.pageDefault;
const keys = {
  all: (t: Target) => ['comments', t.kind, t.id] as const,
  top: (t: Target) => ['comments', t.kind, t.id, 'top'] as const,
  replies: (t: Target, parentId: string) => ['comments', t.kind, t.id, 'replies', parentId] as const,
};

/** Pages of `limit` items, asked for by offset until one comes back short. */
const nextOffset = (last: CommentList, pages: CommentList[]) =>
  last.comments.length < PAGE ? undefined : pages.reduce((n, p) => n + p.comments.length, 0);

export const useComments = (target: Target) =>
  useInfiniteQuery({
    queryKey: keys.top(target),
    queryFn: ({ pageParam }) =>
      api<CommentList>(`/api/${RESOURCE[target.kind]}/${target.id}/comments?limit=${PAGE}&offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const useReplies = (target: Target, parentId: string) =>
  useInfiniteQuery({
    queryKey: keys.replies(target, parentId),
    queryFn: ({ pageParam }) => api<CommentList>(`/api/comments/${parentId}/replies?limit=${PAGE}&offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

/** The comments and the video's or clip's count (the page's and the feed's cards) are read again. */
const refresh = (client: QueryClient, target: Target) =>
  Promise.all([
    client.invalidateQueries({ queryKey: keys.all(target) }),
    client.invalidateQueries({ queryKey: [RESOURCE[target.kind]] }),
  ]);

export function usePostComment(target: Target) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentCreate) => api<Comment>(`/api/${RESOURCE[target.kind]}/${target.id}/comments`, { body }),
    onSuccess: () => refresh(client, target),
  });
}

export function useDeleteComment(target: Target) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/comments/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(client, target),
  });
}

export const useReportComment = () =>
  useMutation({
    mutationFn: ({ id, ...body }: CommentReport & { id: string }) =>
      api<{ ticket_id: string }>(`/api/comments/${id}/report`, { body }),
  });

export function useCommentSettings(target: Target) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentSettings) =>
      api<CommentSettings>(`/api/${RESOURCE[target.kind]}/${target.id}/comment-settings`, { method: 'PATCH', body }),
    onSuccess: () => refresh(client, target),
  });
}
