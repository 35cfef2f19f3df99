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

/** How a wallet introduces itself over EIP-6963: several of them can live in one page. */
export interface WalletAnnouncement {
  name: string;
  rdns: string;
}

/**
 * An EIP-1193 provider injected into every page of the context as window.ethereum, or, with
 * `announce`, announced over EIP-6963 (and window.ethereum only when no other wallet took it). Signatures are
 * real: personal_sign is forwarded to Node, where a viem account signs with its private key.
 * wallet_switchEthereumChain answers 4902 (unknown chain) until wallet_addEthereumChain ran, as
 * MetaMask does for a wallet that has never seen Polygon; like MetaMask, a network change (the
 * page's own switch included) emits chainChanged.
 */
export async function installTestWallet(
  context: BrowserContext,
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
  announce?: WalletAnnouncement,
): Promise<TestWallet> {
  const accounts = new Map<string, PrivateKeyAccount>([[account.address.toLowerCase(), account]]);
  // each wallet of a page has its own names for its hooks, its signing function and its saved state
  const id = announce ? `_${announce.rdns.replace(/\W/g, '_')}` : '';
  await context.exposeFunction(`__testWalletSign${id}`, async (message: string, address: string) => {
    const signer = accounts.get(address.toLowerCase());
    if (!signer) throw new Error(`test wallet has no key for ${address}`);
    return signer.signMessage({ message });
  });
  await context.addInitScript(
    ({ address, id, announce }: { address: string; id: string; announce: WalletAnnouncement | null }) => {
      const listeners: Record<string, Array<(...a: unknown[]) => void>> = {};
      // Like a real wallet, authorization and known networks outlive a page load.
      const saved = JSON.parse(localStorage.getItem(`__testWallet${id}`) ?? '{}') as {
        authorized?: boolean;
        knowsPolygon?: boolean;
      };
      const state = { address, chainId: '0x1', knowsPolygon: !!saved.knowsPolygon, authorized: !!saved.authorized };
      const save = () =>
        localStorage.setItem(
          `__testWallet${id}`,
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
              const sign = (window as unknown as Record<string, (m: string, a: string) => Promise<string>>)[
                `__testWalletSign${id}`
              ]!;
              return sign(message, signer);
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
      const w = window as unknown as Record<string, unknown>;
      if (!announce || !w.ethereum) w.ethereum = provider;
      Object.assign(window, {
        [`__testWalletProvider${id}`]: provider,
        [`__testWalletSwitch${id}`](next: string) {
          state.address = next;
          emit('accountsChanged', [next]);
        },
        [`__testWalletRevoke${id}`]() {
          state.authorized = false;
          save();
          emit('accountsChanged', []);
        },
        [`__testWalletChain${id}`]: setChain,
      });
      if (announce) {
        // EIP-6963: announce on load and again whenever the page asks
        const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#6a5acd"/></svg>')}`;
        const info = Object.freeze({ uuid: crypto.randomUUID(), name: announce.name, icon, rdns: announce.rdns });
        const detail = Object.freeze({ info, provider });
        const announceIt = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
        window.addEventListener('eip6963:requestProvider', announceIt);
        announceIt();
      }
    },
    { address: account.address, id, announce: announce ?? null },
  );
  return {
    account,
    async switchAccount(page, next) {
      accounts.set(next.address.toLowerCase(), next);
      await page.evaluate(([addr, name]) => (window as unknown as Record<string, (a: string) => void>)[name]!(addr), [
        next.address,
        `__testWalletSwitch${id}`,
      ] as const);
    },
    async revoke(page) {
      await page.evaluate(
        (name) => (window as unknown as Record<string, () => void>)[name]!(),
        `__testWalletRevoke${id}`,
      );
    },
    async switchChain(page, chainId) {
      await page.evaluate(([chain, name]) => (window as unknown as Record<string, (c: string) => void>)[name]!(chain), [
        chainId,
        `__testWalletChain${id}`,
      ] as const);
    },
    chainId: (page) =>
      page.evaluate(
        (name) =>
          (window as unknown as Record<string, { request(a: { method: string }): Promise<string> }>)[name]!.request({
            method: 'eth_chainId',
          }),
        `__testWalletProvider${id}`,
      ),
  };
}
