import { createStore } from '../../lib/store.ts';

export interface WalletState {
  address: string | null;
  connecting: boolean;
  error: string | null;
}

export const wallet = createStore<WalletState>({ address: null, connecting: false, error: null });
