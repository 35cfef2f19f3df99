import type { ThumbnailChoices, Video, VideoEdit } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const videoPath = (id: string) => `/api/videos/${encodeURIComponent(id)}`;
const choicesKey = (id: string) => ['videos', id, 'thumbnail-choices'];

/** The three frames processing kept as thumbnail candidates (none for videos processed before). */
export const useThumbnailChoices = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: choicesKey(id),
    queryFn: () => api<ThumbnailChoices>(`${videoPath(id)}/thumbnail-choices`),
    enabled,
  });

/** After an edit every list showing the video reads it again (the server dropped its cached feeds too). */
function useVideoChanged(id: string) {
  const queryClient = useQueryClient();
  return async (video: Video) => {
    queryClient.setQueryData(['videos', 'one', id], video);
    await queryClient.invalidateQueries({ queryKey: ['videos'] });
  };
}

export function useEditVideo(id: string) {
  const changed = useVideoChanged(id);
  return useMutation({
    mutationFn: (edit: VideoEdit) => api<Video>(videoPath(id), { method: 'PATCH', body: edit }),
    onSuccess: changed,
  });
}

export function useUploadThumbnail(id: string) {
  const changed = useVideoChanged(id);
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<Video>(`${videoPath(id)}/thumbnail`, { method: 'PUT', body });
    },
    onSuccess: changed,
  });
}

export function useDeleteVideo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(videoPath(id), { method: 'DELETE' }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['videos', 'one', id] });
      await queryClient.invalidateQueries({ queryKey: ['videos'] });
    },
  });
}
