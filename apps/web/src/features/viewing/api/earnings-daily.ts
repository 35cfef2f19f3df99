import type { EarningsDaily } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The viewer's earnings per day and category, for the earnings page's chart. */
export const useEarningsDaily = (days: number) =>
  useQuery({
    queryKey: ['earnings', 'daily', days],
    queryFn: () => api<EarningsDaily>(`/api/earnings/daily?days=${days}`),
  });
