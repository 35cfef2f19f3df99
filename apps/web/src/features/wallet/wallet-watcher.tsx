import { useEffect } from 'react';
import { getToken } from '../../lib/api.ts';
import { SIGNED_OUT_KEY, session } from '../session/session-store.ts';
import { getProvider } from './eip1193.ts';
import { disconnectWallet, reauthenticate } from './wallet-auth.ts';
import { wallet } from './wallet-store.ts';

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Follows the wallet: account changes re-authenticate, no accounts disconnects, a chain change reloads. */
export function WalletWatcher() {
  useEffect(() => {
    const provider = getProvider();
    if (!provider) return;

    const onAccounts = (...args: unknown[]) => {
      const address = (args[0] as string[] | undefined)?.[0];
      if (!address) {
        void disconnectWallet();
        return;
      }
      if (!same(address, wallet.get().address) && !same(address, session.get().user?.wallet_address)) void reauthenticate(address);
      else wallet.set({ address });
    };
    const onChain = () => window.location.reload();
    provider.on?.('accountsChanged', onAccounts);
    provider.on?.('chainChanged', onChain);

    // Already authorized: connected; without a token, sign in again.
    void (provider.request({ method: 'eth_accounts' }) as Promise<string[]>).then(
      (accounts) => {
        const address = accounts?.[0];
        if (!address) return;
        if (getToken()) wallet.set({ address });
        else if (!localStorage.getItem(SIGNED_OUT_KEY)) void reauthenticate(address);
      },
      () => undefined,
    );

    return () => {
      provider.removeListener?.('accountsChanged', onAccounts);
      provider.removeListener?.('chainChanged', onChain);
    };
  }, []);
  return null;
}
