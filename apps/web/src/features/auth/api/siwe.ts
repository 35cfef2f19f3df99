import type { AuthResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** The EIP-4361 message the server wants signed, verbatim. */
export const requestChallenge = (walletAddress: string) =>
  api<{ message: string }>('/api/auth/challenge', { body: { wallet_address: walletAddress } }).then((r) => r.message);

export const verifySignature = (body: { wallet_address: string; signature: string; message: string }) =>
  api<AuthResponse>('/api/auth/verify', { body });
