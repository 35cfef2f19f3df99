import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

export interface TestWallet {
  account: PrivateKeyAccount;
  /** makes the page's wallet report another account and emit accountsChanged */
  switchAccount(page: Page, next: PrivateKeyAccount): Promise<void>;
  /** the person disconnects the site in the wallet: no accounts, accountsChanged with [] */
  revoke(page: Page): Promise<void>;
  /** the person picks another network in the wallet: chainChanged */
  switchChain(page: Page, chainId: string): Promise<void>;
  /** the network the page's wallet is on now */
  chainId(page: Page): Promise<string>;
}

/**
 * An EIP-1193 provider injected into every page of the context as window.ethereum. Signatures are
 * real: personal_sign is forwarded to Node, where a viem account signs with its private key.
 * wallet_switchEthereumChain answers 4902 (unknown chain) until wallet_addEthereumChain ran, as
 * MetaMask does for a wallet that has never seen Polygon; like MetaMask, a network change (the
 * page's own switch included) emits chainChanged.
 */
export async function installTestWallet(
  context: BrowserContext,
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<TestWallet> {
  const accounts = new Map<string, PrivateKeyAccount>([[account.address.toLowerCase(), account]]);
  await context.exposeFunction('__testWalletSign', async (message: string, address: string) => {
    const signer = accounts.get(address.toLowerCase());
    if (!signer) throw new Error(`test wallet has no key for ${address}`);
    return signer.signMessage({ message });
  });
  await context.addInitScript((address: string) => {
    const listeners: Record<string, Array<(...a: unknown[]) => void>> = {};
    // Like a real wallet, authorization and known networks outlive a page load.
    const saved = JSON.parse(localStorage.getItem('__testWallet') ?? '{}') as {
      authorized?: boolean;
      knowsPolygon?: boolean;
    };
    const state = { address, chainId: '0x1', knowsPolygon: !!saved.knowsPolygon, authorized: !!saved.authorized };
    const save = () =>
      localStorage.setItem(
        '__testWallet',
        JSON.stringify({ authorized: state.authorized, knowsPolygon: state.knowsPolygon }),
      );
    const providerError = (code: number, message: string) => Object.assign(new Error(message), { code });
    const emit = (event: string, ...args: unknown[]) => (listeners[event] ?? []).forEach((l) => l(...args));
    const setChain = (chainId: string) => {
      if (chainId === state.chainId) return;
      state.chainId = chainId;
      emit('chainChanged', chainId);
    };
    const provider = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        switch (method) {
          case 'eth_requestAccounts':
            state.authorized = true;
            save();
            return [state.address];
          case 'eth_accounts':
            return state.authorized ? [state.address] : [];
          case 'eth_chainId':
            return state.chainId;
          case 'wallet_switchEthereumChain': {
            const chainId = (params?.[0] as { chainId: string }).chainId;
            if (chainId === '0x89' && !state.knowsPolygon) throw providerError(4902, 'Unrecognized chain ID');
            setChain(chainId);
            return null;
          }
          case 'wallet_addEthereumChain':
            state.knowsPolygon = true;
            save();
            setChain((params?.[0] as { chainId: string }).chainId);
            return null;
          case 'personal_sign': {
            const [message, signer] = params as [string, string];
            return (window as unknown as { __testWalletSign(m: string, a: string): Promise<string> }).__testWalletSign(
              message,
              signer,
            );
          }
          default:
            throw providerError(4200, `test wallet does not support ${method}`);
        }
      },
      on(event: string, listener: (...a: unknown[]) => void) {
        (listeners[event] ??= []).push(listener);
      },
      removeListener(event: string, listener: (...a: unknown[]) => void) {
        listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
      },
    };
    Object.assign(window, {
      ethereum: provider,
      __testWalletSwitch(next: string) {
        state.address = next;
        emit('accountsChanged', [next]);
      },
      __testWalletRevoke() {
        state.authorized = false;
        save();
        emit('accountsChanged', []);
      },
      __testWalletChain: setChain,
    });
  }, account.address);
  return {
    account,
    async switchAccount(page, next) {
      accounts.set(next.address.toLowerCase(), next);
      await page.evaluate(
        (addr) => (window as unknown as { __testWalletSwitch(a: string): void }).__testWalletSwitch(addr),
        next.address,
      );
    },
    async revoke(page) {
      await page.evaluate(() => (window as unknown as { __testWalletRevoke(): void }).__testWalletRevoke());
    },
    async switchChain(page, chainId) {
      await page.evaluate(
        (id) => (window as unknown as { __testWalletChain(c: string): void }).__testWalletChain(id),
        chainId,
      );
    },
    chainId: (page) =>
      page.evaluate(() =>
        (window as unknown as { ethereum: { request(a: { method: string }): Promise<string> } }).ethereum.request({
          method: 'eth_chainId',
        }),
      ),
  };
}
