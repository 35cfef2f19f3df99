import type { AuthResponse } from '@app/shared';
import i18next from 'i18next';
import { api, ApiError } from '../../lib/api.ts';
import { sessionActions, signOut } from '../session/session-store.ts';
import { POLYGON, errorCode, getProvider, type Eip1193Provider } from './eip1193.ts';
import { wallet } from './wallet-store.ts';

class WalletFlowError extends Error {}

/** Switches the wallet to Polygon, adding the network when the wallet does not know it (code 4902). */
async function ensurePolygon(provider: Eip1193Provider): Promise<void> {
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: POLYGON.chainId }] });
  } catch (err) {
    if (errorCode(err) !== 4902) throw err;
    await provider.request({ method: 'wallet_addEthereumChain', params: [POLYGON] });
  }
}

/** Signs the server's challenge with `address` and exchanges it for a session. */
async function signIn(provider: Eip1193Provider, address: string): Promise<void> {
  let message: string;
  try {
    ({ message } = await api<{ message: string }>('/api/auth/challenge', { body: { wallet_address: address } }));
  } catch {
    throw new WalletFlowError(i18next.t('wallet.challengeFailed'));
  }
  const signature = (await provider.request({ method: 'personal_sign', params: [message, address] })) as string;
  try {
    const auth = await api<AuthResponse>('/api/auth/verify', { body: { wallet_address: address, signature, message } });
    sessionActions.signedIn(auth.access_token, auth.user);
  } catch (err) {
    throw new WalletFlowError(err instanceof ApiError && err.status !== 500 ? err.message : i18next.t('wallet.authFailed'));
  }
}

async function run(flow: (provider: Eip1193Provider) => Promise<string>): Promise<boolean> {
  const provider = getProvider();
  if (!provider) {
    wallet.set({ error: i18next.t('wallet.notInstalled') });
    return false;
  }
  wallet.set({ connecting: true, error: null });
  try {
    const address = await flow(provider);
    wallet.set({ address, connecting: false });
    return true;
  } catch (err) {
    // Any failure clears the token and resets to disconnected (spec core §4).
    sessionActions.logout();
    const message = err instanceof WalletFlowError ? err.message : i18next.t('wallet.failed');
    wallet.set({ address: null, connecting: false, error: message });
    return false;
  }
}

/** Account access, Polygon, signed challenge: the whole connect button. */
export function connectWallet(): Promise<boolean> {
  return run(async (provider) => {
    const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
    const address = accounts[0];
    if (!address) throw new WalletFlowError(i18next.t('wallet.noAccounts'));
    try {
      await ensurePolygon(provider);
    } catch {
      // Signing in does not depend on the selected network; a refused switch only means the wallet stays where it is.
    }
    await signIn(provider, address);
    return address;
  });
}

/** Signs in again as `address` (account changed, or authorized on load without a token). */
export function reauthenticate(address: string): Promise<boolean> {
  return run(async (provider) => {
    await signIn(provider, address);
    return address;
  });
}

export async function disconnectWallet(): Promise<void> {
  await signOut();
  wallet.set({ address: null, error: null });
}
