import i18next from 'i18next';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session/session-store.ts';
import { claimReferral } from '../api/earnings.ts';
import { isolate } from '../../../lib/i18n/isolate.ts';

const STORAGE_KEY = 'referralCode';

/**
 * A link like /login?ref=CODE (sign-up or sign-in) remembers the code; as soon as someone is signed
 * in, it is sent once to the server, which records it for new accounts only. The code is dropped
 * whatever the answer, except when the network failed.
 */
export function startReferralCapture(): void {
  const code = new URLSearchParams(window.location.search).get('ref')?.trim();
  if (code) localStorage.setItem(STORAGE_KEY, code);
  let sending = false;
  const tryClaim = async () => {
    const pending = localStorage.getItem(STORAGE_KEY);
    if (!pending || sending || !session.get().isAuthenticated) return;
    sending = true;
    try {
      const { referrer_username } = await claimReferral(pending);
      notify('success', i18next.t('earnings.referral.recorded', { name: isolate(referrer_username) }));
      localStorage.removeItem(STORAGE_KEY);
    } catch (err) {
      if (err instanceof ApiError) localStorage.removeItem(STORAGE_KEY); // refused by the server: not for this account
    } finally {
      sending = false;
    }
  };
  session.subscribe(() => void tryClaim());
  void tryClaim();
}
