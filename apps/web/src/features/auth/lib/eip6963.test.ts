import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLocalStorage } from '../../../testing/browser-stubs.ts';
import type { Eip1193Provider } from './eip1193.ts';
import { chooseWallet, discoverWallets, getProvider, WALLET_CHOICE_KEY, walletDiscovery } from './eip6963.ts';

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';
const provider = (): Eip1193Provider => ({ request: async () => null });

/** A page with wallets that answer eip6963:requestProvider as extensions do, and an optional window.ethereum. */
function page(
  wallets: Array<{ rdns: string; name?: string; icon?: string; provider: Eip1193Provider }>,
  legacy?: Eip1193Provider,
) {
  const target = new EventTarget();
  target.addEventListener('eip6963:requestProvider', () => {
    for (const w of wallets) {
      const info = { uuid: crypto.randomUUID(), name: w.name ?? w.rdns, icon: w.icon ?? ICON, rdns: w.rdns };
      target.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider: w.provider }) }),
      );
    }
  });
  vi.stubGlobal('window', Object.assign(target, { ethereum: legacy }));
}

beforeEach(() => {
  stubLocalStorage();
  walletDiscovery.set({ wallets: [], chosen: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('wallet discovery (EIP-6963)', () => {
  // one test file, one module: the listener is added once, so every case runs in one page
  it('lists each wallet once, refuses bad announcements, and talks to the chosen one', () => {
    const first = provider();
    const second = provider();
    const legacy = provider();
    page(
      [
        { rdns: 'io.first', name: 'First Wallet', provider: first },
        { rdns: 'io.second', name: 'Second Wallet', provider: second },
        { rdns: 'io.script', icon: 'javascript:alert(1)', provider: provider() },
        { rdns: 'io.remote', icon: 'https://evil.example/icon.png', provider: provider() },
      ],
      legacy,
    );
    localStorage.setItem(WALLET_CHOICE_KEY, 'io.second');
    discoverWallets();
    discoverWallets(); // wallets announce again: still listed once
    expect(walletDiscovery.get().wallets.map((w) => w.info.name)).toEqual(['First Wallet', 'Second Wallet']);
    // the choice from an earlier visit is remembered
    expect(getProvider()).toBe(second);
    chooseWallet('io.first');
    expect(getProvider()).toBe(first);
    expect(localStorage.getItem(WALLET_CHOICE_KEY)).toBe('io.first');
    // several wallets and no choice: the legacy provider; one wallet: that one; none: window.ethereum
    expect(getProvider({ wallets: walletDiscovery.get().wallets, chosen: null })).toBe(legacy);
    expect(getProvider({ wallets: walletDiscovery.get().wallets.slice(0, 1), chosen: null })).toBe(first);
    expect(getProvider({ wallets: [], chosen: 'io.first' })).toBe(legacy);
  });
});
