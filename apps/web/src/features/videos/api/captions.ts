import type { VideoCaption, VideoCaptionList } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const captionsKey = (videoId: string) => ['videos', videoId, 'captions'];

export const useVideoCaptions = (videoId: string, enabled: boolean) =>
  useQuery({
    queryKey: captionsKey(videoId),
    queryFn: () => api<VideoCaptionList>(`/api/videos/${encodeURIComponent(videoId)}/captions`),
    enabled,
    staleTime: 60_000,
  });

/** The creator adds (or replaces) the captions of one language; the player gets the new track at once. */
export function useUploadCaptions(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, file }: { language: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api<VideoCaption>(`/api/videos/${encodeURIComponent(videoId)}/captions/${encodeURIComponent(language)}`, {
        method: 'PUT',
        body,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: captionsKey(videoId) }),
  });
}
