import { Siwe } from '@app/shared';

/** The part of EIP-1193 we use; every injected wallet provides it (eip6963.ts finds them). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** EIP-1193 / EIP-3085 error code a wallet answers with: 4902 means it does not know the chain. */
const UNKNOWN_CHAIN = 4902;
const errorCode = (err: unknown): number | undefined => (err as { code?: number } | null)?.code;

/** Polygon PoS, as wallet_addEthereumChain expects it (spec: chain id 0x89, MATIC, 18 decimals). */
export const POLYGON = {
  chainId: Siwe.chainIdHex,
  chainName: 'Polygon Mainnet',
  nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 },
  rpcUrls: ['https://polygon-rpc.com'],
  blockExplorerUrls: ['https://polygonscan.com'],
};

export async function requestAccounts(
  provider: Eip1193Provider,
  method: 'eth_requestAccounts' | 'eth_accounts',
): Promise<string[]> {
  const accounts = await provider.request({ method });
  return Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : [];
}

/** Switches the wallet to Polygon, adding the network first when the wallet does not know it. */
export async function ensurePolygon(provider: Eip1193Provider): Promise<void> {
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: POLYGON.chainId }] });
  } catch (err) {
    if (errorCode(err) !== UNKNOWN_CHAIN) throw err;
    await provider.request({ method: 'wallet_addEthereumChain', params: [POLYGON] });
  }
}

/** personal_sign of the exact challenge text, as the account that asked for it. */
export const personalSign = async (provider: Eip1193Provider, message: string, address: string): Promise<string> =>
  String(await provider.request({ method: 'personal_sign', params: [message, address] }));
