import { createStore } from '../../../lib/store.ts';

export interface WalletState {
  /** the wallet account this page follows, once authorized */
  address: string | null;
  connecting: boolean;
  error: string | null;
}

export const wallet = createStore<WalletState>({ address: null, connecting: false, error: null });
