import i18next from 'i18next';
import { sessionActions, signOut } from '../../../lib/session/session-store.ts';
import { requestChallenge, verifySignature } from '../api/siwe.ts';
import { wallet } from '../stores/wallet-store.ts';
import { ensurePolygon, personalSign, requestAccounts, type Eip1193Provider } from './eip1193.ts';
import { chooseWallet, getProvider } from './eip6963.ts';
import { errorText } from '../../../lib/error-text.ts';

/** A failure whose message is already the text to show. */
class WalletFlowError extends Error {}

/** Signs the server's challenge with `address` and exchanges the signature for a session. */
async function signIn(provider: Eip1193Provider, address: string): Promise<void> {
  const message = await requestChallenge(address).catch(() => {
    throw new WalletFlowError(i18next.t('wallet.challengeFailed'));
  });
  const signature = await personalSign(provider, message, address);
  const auth = await verifySignature({ wallet_address: address, signature, message }).catch((err: unknown) => {
    // The server's reason when it gave one (expired, replayed…); a server fault is just a failure.
    throw new WalletFlowError(errorText(err, 'wallet.authFailed'));
  });
  sessionActions.signedIn(auth.access_token, auth.user);
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
    // Any failure clears the token and resets to disconnected.
    sessionActions.logout();
    const message = err instanceof WalletFlowError ? err.message : i18next.t('wallet.failed');
    wallet.set({ address: null, connecting: false, error: message });
    return false;
  }
}

/** The connect button: account access, the Polygon network, then a signed challenge. */
/** Connects the wallet `rdns` names (remembered as the person's choice), else the one getProvider finds. */
export function connectWallet(rdns?: string): Promise<boolean> {
  if (rdns) chooseWallet(rdns);
  return run(async (provider) => {
    const [address] = await requestAccounts(provider, 'eth_requestAccounts');
    if (!address) throw new WalletFlowError(i18next.t('wallet.noAccounts'));
    await ensurePolygon(provider);
    await signIn(provider, address);
    return address;
  });
}

/** Signs in again as `address` (the account changed, or it was authorized on load without a token). */
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
