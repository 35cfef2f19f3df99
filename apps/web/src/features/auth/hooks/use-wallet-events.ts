import { useEffect } from 'react';
import { getToken } from '../../../lib/api.ts';
import { SIGNED_OUT_KEY, session } from '../../../lib/session/session-store.ts';
import { requestAccounts } from '../lib/eip1193.ts';
import { discoverWallets, getProvider, walletDiscovery } from '../lib/eip6963.ts';
import { disconnectWallet, reauthenticate } from '../lib/wallet-flow.ts';
import { wallet } from '../stores/wallet-store.ts';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Whether the wallet speaks for this page: nobody is signed in, or the wallet's own account is. */
const walletSession = () => {
  const user = session.get().user;
  return !user || same(user.wallet_address, wallet.get().address);
};

/**
 * Follows the wallet: another account re-authenticates, no accounts disconnects, a
 * chain change reloads. On load, an already authorized account counts as connected and signs in
 * again when no token is stored, unless the person signed out on purpose.
 */
export function useWalletEvents(): void {
  useEffect(discoverWallets, []);
  // the wallet announced or chosen later (EIP-6963) is followed from then on
  const provider = walletDiscovery.use(getProvider);
  useEffect(() => {
    if (!provider) return;

    const onAccounts = (...args: unknown[]) => {
      if (!walletSession()) return; // signed in by email: the extension's accounts are not ours to follow
      const address = (args[0] as string[] | undefined)?.[0];
      if (!address) void disconnectWallet();
      else if (!same(address, wallet.get().address)) void reauthenticate(address);
    };
    // Our own network switch during connect changes the chain too: that must not reload mid-sign-in.
    const onChain = () => !wallet.get().connecting && window.location.reload();
    provider.on?.('accountsChanged', onAccounts);
    provider.on?.('chainChanged', onChain);

    requestAccounts(provider, 'eth_accounts').then(
      ([address]) => {
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
  }, [provider]);
}
