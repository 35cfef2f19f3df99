/** The part of EIP-1193 we use; MetaMask and every injected wallet provide it as window.ethereum. */
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

export const getProvider = (): Eip1193Provider | undefined => window.ethereum;

export const errorCode = (err: unknown): number | undefined => (err as { code?: number } | null)?.code;

/** Polygon PoS, as wallet_addEthereumChain expects it (spec: chain id 0x89, MATIC, 18 decimals). */
export const POLYGON = {
  chainId: '0x89',
  chainName: 'Polygon Mainnet',
  nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 },
  rpcUrls: ['https://polygon-rpc.com'],
  blockExplorerUrls: ['https://polygonscan.com'],
};
