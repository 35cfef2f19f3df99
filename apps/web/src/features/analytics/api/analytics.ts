import type { CreatorAnalytics } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const useCreatorAnalytics = () =>
  useQuery({
    queryKey: ['analytics', 'creator'],
    queryFn: () => api<CreatorAnalytics>('/api/analytics/creator'),
  });
