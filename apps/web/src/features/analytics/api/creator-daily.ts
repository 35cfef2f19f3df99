import type { CreatorDaily } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const useCreatorDaily = (days: number) =>
  useQuery({
    queryKey: ['analytics', 'creator', 'daily', days],
    queryFn: () => api<CreatorDaily>(`/api/analytics/creator/daily?days=${days}`),
  });
