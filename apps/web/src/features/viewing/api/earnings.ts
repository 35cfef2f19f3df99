import type { Payout, PayoutRequest, ViewerEarnings, ViewingSession } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { api, ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';

/** Sessions the Viewing History tab shows. */
export const HISTORY_SHOWN = 10;

export const useEarnings = (enabled: boolean) =>
  useQuery({
    queryKey: ['earnings', 'summary'],
    queryFn: () => api<ViewerEarnings>('/api/viewing/earnings'),
    enabled,
    staleTime: 0,
  });

export const useViewingHistory = (enabled: boolean) =>
  useQuery({
    queryKey: ['earnings', 'history'],
    queryFn: () =>
      api<{ sessions: ViewingSession[] }>(`/api/viewing/history?limit=${HISTORY_SHOWN}`).then((r) =>
        r.sessions.slice(0, HISTORY_SHOWN),
      ),
    enabled,
    staleTime: 0,
  });

/** A payout request: the earnings summary is read again after it. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutRequest) => api<Payout>('/api/viewing/payout', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['earnings'] }),
  });
}

export const claimReferral = (code: string) =>
  api<{ recorded: true; referrer_username: string }>('/api/viewing/referral', { body: { code }, background: true });

/** The spec's payout failure texts: the server's detail, else a fallback; a network error has its own. */
export function payoutErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status > 0) return errorText(err, 'earnings.payout.failed');
  return i18next.t('earnings.payout.network');
}
