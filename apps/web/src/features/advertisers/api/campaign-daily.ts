import type { CampaignDaily } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** One campaign's impressions, clicks and spend per day (read again with the dashboard after a change). */
export const useCampaignDaily = (id: string | undefined, days: number) =>
  useQuery({
    queryKey: ['advertiser', 'campaign-daily', id, days],
    queryFn: () => api<CampaignDaily>(`/api/advertisers/campaigns/${encodeURIComponent(id!)}/daily?days=${days}`),
    enabled: !!id,
  });
