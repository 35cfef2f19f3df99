import type { AdvertiserAccount, AdvertiserDashboard, Campaign, CampaignAction, SponsoredCampaign } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { api, ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';

/** The dashboard, or null when the account does not exist yet (the server answers 404). */
export const useAdvertiserDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: ['advertiser', 'dashboard'],
    queryFn: async () => {
      try {
        return await api<AdvertiserDashboard>('/api/advertisers/dashboard');
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled,
    staleTime: 0,
    retry: false,
  });

export const useCampaigns = (enabled: boolean) =>
  useQuery({
    queryKey: ['advertiser', 'campaigns'],
    queryFn: () => api<{ campaigns: Campaign[] }>('/api/advertisers/campaigns').then((r) => r.campaigns),
    enabled,
    staleTime: 0,
  });

/** A mutation of the advertiser's account: the dashboard and campaigns are read again after it. */
function useAdvertiserMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['advertiser'] }),
  });
}

export const useCreateAdvertiserAccount = () =>
  useAdvertiserMutation((body: { company_name: string; contact_email: string; contact_phone?: string }) =>
    api<AdvertiserAccount>('/api/advertisers/account', { body }),
  );

/** One idempotency key per dialog: a double submit or a retry after a timeout is charged once. */
export const useAddFunds = () =>
  useAdvertiserMutation(({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
    api<{ account_balance: number }>('/api/advertisers/funds', {
      body: { amount },
      headers: { 'idempotency-key': idempotencyKey },
    }),
  );

export const useCreateCampaign = () =>
  useAdvertiserMutation(
    (body: {
      title: string;
      description: string;
      budget: number;
      daily_budget: number;
      target_category: string;
      landing_url?: string;
    }) => api<Campaign>('/api/advertisers/campaigns', { body }),
  );

export const useChangeCampaign = () =>
  useAdvertiserMutation(({ id, action }: { id: string; action: CampaignAction }) =>
    api<Campaign>(`/api/advertisers/campaigns/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
  );

/** Sponsored cards for a feed; a failure just shows none. */
export const useSponsored = (category: string | undefined) =>
  useQuery({
    queryKey: ['advertiser', 'sponsored', category ?? ''],
    queryFn: () =>
      api<{ campaigns: SponsoredCampaign[] }>(
        `/api/advertisers/sponsored${category ? `?category=${encodeURIComponent(category)}` : ''}`,
        { background: true },
      ).then((r) => r.campaigns),
    staleTime: 60_000,
    retry: false,
  });

export const recordAdEvent = (id: string, kind: 'impression' | 'click') =>
  api<{ counted: boolean }>(`/api/advertisers/campaigns/${encodeURIComponent(id)}/${kind}`, {
    method: 'POST',
    background: true,
  });

/** The spec's texts: the server's detail, else the fallback; a network error has its own. */
export function advertiserErrorText(err: unknown, fallbackKey: string): string {
  if (err instanceof ApiError) return errorText(err, fallbackKey);
  return i18next.t('advertiser.errors.network');
}
