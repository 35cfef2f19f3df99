import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, stubLocalStorage } from '../../../testing/browser-stubs.ts';
import { allTranslations } from '../../../lib/i18n/testing/all-translations.ts';
import { session } from '../../../lib/session/session-store.ts';
import { wallet } from '../stores/wallet-store.ts';
import type { Eip1193Provider } from './eip1193.ts';
import { connectWallet } from './wallet-flow.ts';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const USER = {
  id: 'u1',
  username: 'user-8ba1f1',
  email: null,
  total_tokens: 100,
  created_at: '2026-01-01T00:00:00Z',
  wallet_address: ADDRESS,
  role: 'user' as const,
};
const SIWE = 'tarang.example wants you to sign in with your Ethereum account:\n' + ADDRESS;

/** A scripted wallet: answers by method name and records what it was asked. */
function fakeWallet(answers: Record<string, (params: unknown[]) => unknown>) {
  const asked: Array<{ method: string; params: unknown[] }> = [];
  const provider: Eip1193Provider = {
    async request({ method, params = [] }) {
      asked.push({ method, params });
      const answer = answers[method];
      if (!answer) throw Object.assign(new Error('unsupported'), { code: 4200 });
      return answer(params);
    },
  };
  vi.stubGlobal('window', { ethereum: provider });
  return asked;
}

const unknownChain = () => {
  throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
};
const happyWallet = {
  eth_requestAccounts: () => [ADDRESS],
  wallet_switchEthereumChain: unknownChain,
  wallet_addEthereumChain: () => null,
  personal_sign: () => '0xsigned',
};

beforeAll(() => i18next.init({ lng: 'en', resources: allTranslations }));
beforeEach(() => {
  stubLocalStorage();
  wallet.set({ address: null, connecting: false, error: null });
  session.set({ user: null, isAuthenticated: false, loading: false, restoring: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('wallet sign-in', () => {
  it('adds Polygon when the wallet does not know it, signs the challenge verbatim and stores the session', async () => {
    const asked = fakeWallet(happyWallet);
    const calls = stubFetch({
      'POST /api/auth/challenge': [200, { message: SIWE }],
      'POST /api/auth/verify': [200, { access_token: 'tok', user: USER }],
    });

    expect(await connectWallet()).toBe(true);
    expect(asked.map((a) => a.method)).toEqual([
      'eth_requestAccounts',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'personal_sign',
    ]);
    expect(asked[1]!.params).toEqual([{ chainId: '0x89' }]);
    expect(asked[2]!.params[0]).toMatchObject({ chainId: '0x89', nativeCurrency: { symbol: 'MATIC', decimals: 18 } });
    expect(asked[3]!.params).toEqual([SIWE, ADDRESS]);
    expect(calls.map((c) => c.body)).toEqual([
      { wallet_address: ADDRESS },
      { wallet_address: ADDRESS, signature: '0xsigned', message: SIWE },
    ]);
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(session.get().user).toEqual(USER);
    expect(wallet.get()).toEqual({ address: ADDRESS, connecting: false, error: null });
  });

  it.each([
    ['no wallet extension', null, {}, 'MetaMask is not installed. Please install MetaMask to continue.'],
    ['no accounts', { ...happyWallet, eth_requestAccounts: () => [] }, {}, 'No accounts returned from MetaMask'],
    [
      'a refused network switch',
      { ...happyWallet, wallet_addEthereumChain: () => Promise.reject(Object.assign(new Error('no'), { code: 4001 })) },
      {},
      'Failed to connect wallet',
    ],
    [
      'a refused signature',
      { ...happyWallet, personal_sign: () => Promise.reject(Object.assign(new Error('denied'), { code: 4001 })) },
      { 'POST /api/auth/challenge': [200, { message: SIWE }] },
      'Failed to connect wallet',
    ],
    [
      'a failing challenge',
      happyWallet,
      { 'POST /api/auth/challenge': [500, { detail: 'boom' }] },
      'Failed to get authentication challenge',
    ],
    [
      'a rejected signature',
      happyWallet,
      {
        'POST /api/auth/challenge': [200, { message: SIWE }],
        'POST /api/auth/verify': [401, { detail: 'This sign-in message has expired' }],
      },
      'This sign-in message has expired',
    ],
    [
      'a server fault at verify',
      happyWallet,
      {
        'POST /api/auth/challenge': [200, { message: SIWE }],
        'POST /api/auth/verify': [500, { detail: 'Internal Server Error' }],
      },
      'Authentication failed',
    ],
  ] as const)('shows the spec text for %s and ends disconnected', async (_case, answers, routes, text) => {
    if (answers) fakeWallet(answers);
    else vi.stubGlobal('window', {});
    stubFetch(routes as Record<string, [number, unknown]>);
    localStorage.setItem('authToken', 'old');

    expect(await connectWallet()).toBe(false);
    expect(wallet.get()).toMatchObject({ address: null, connecting: false, error: text });
    expect(session.get().isAuthenticated).toBe(false);
    if (answers) expect(localStorage.getItem('authToken')).toBeNull();
  });
});
