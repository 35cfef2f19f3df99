import { createStore } from '../../../lib/store.ts';
import type { Eip1193Provider } from './eip1193.ts';

/** What a wallet says about itself in an EIP-6963 announcement. */
export interface WalletInfo {
  /** a UUIDv4 the wallet makes for this page load */
  uuid: string;
  name: string;
  /** a data: URI (the EIP allows no other kind), shown with <img>, never as markup */
  icon: string;
  /** the wallet's reverse-DNS id (io.metamask): stable across visits, so the choice is remembered by it */
  rdns: string;
}

export interface AnnouncedWallet {
  info: WalletInfo;
  provider: Eip1193Provider;
}

/** The person's choice among several wallets, by rdns. */
export const WALLET_CHOICE_KEY = 'walletChoice';

export const walletDiscovery = createStore<{ wallets: AnnouncedWallet[]; chosen: string | null }>({
  wallets: [],
  chosen: null,
});

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** An announcement is another page script's word: only a complete one, with an image icon, is listed. */
function readAnnouncement(detail: unknown): AnnouncedWallet | null {
  const { info, provider } = (detail ?? {}) as { info?: Partial<WalletInfo>; provider?: Partial<Eip1193Provider> };
  if (!info || typeof provider?.request !== 'function') return null;
  if (!isText(info.uuid, 100) || !isText(info.name, 100) || !isText(info.rdns, 200)) return null;
  if (!isText(info.icon, 200_000) || !info.icon.startsWith('data:image/')) return null;
  return {
    info: { uuid: info.uuid, name: info.name, icon: info.icon, rdns: info.rdns },
    provider: provider as Eip1193Provider,
  };
}

function onAnnounce(event: Event): void {
  const wallet = readAnnouncement((event as CustomEvent<unknown>).detail);
  if (!wallet) return;
  walletDiscovery.set((s) => ({
    // a wallet announces again on every request: the latest announcement of an rdns replaces the earlier
    wallets: [...s.wallets.filter((w) => w.info.rdns !== wallet.info.rdns), wallet],
  }));
}

let listening = false;

/** Listens for EIP-6963 announcements and asks the installed wallets to announce themselves. */
export function discoverWallets(): void {
  if (!listening) {
    listening = true;
    walletDiscovery.set({ chosen: localStorage.getItem(WALLET_CHOICE_KEY) });
    window.addEventListener('eip6963:announceProvider', onAnnounce);
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** Remembers which wallet signs from now on, on this visit and the next. */
export function chooseWallet(rdns: string): void {
  localStorage.setItem(WALLET_CHOICE_KEY, rdns);
  walletDiscovery.set({ chosen: rdns });
}

/**
 * The wallet this page talks to: the one the person chose, else the only one announced, else the
 * legacy window.ethereum (wallets without EIP-6963, or several and no choice yet).
 */
export function getProvider(state = walletDiscovery.get()): Eip1193Provider | undefined {
  const { wallets, chosen } = state;
  const picked = wallets.find((w) => w.info.rdns === chosen) ?? (wallets.length === 1 ? wallets[0] : undefined);
  return picked?.provider ?? window.ethereum;
}
