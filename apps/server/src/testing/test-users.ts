import type { AuthResponse } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

let counter = 0;

/** Registers a fresh email user through the API and returns its token and user. */
export async function signUpByEmail(
  app: FastifyInstance,
  overrides: { email?: string; username?: string } = {},
): Promise<AuthResponse> {
  counter++;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: overrides.email ?? `user${counter}-${Date.now()}@example.com`,
      password: 'correct horse battery',
      username: overrides.username,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Signs in with a real wallet signature (a fresh private key unless one is given). */
export async function signInWithWallet(
  app: FastifyInstance,
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<AuthResponse & { account: PrivateKeyAccount }> {
  const challenge = await app.inject({
    method: 'POST',
    url: '/api/auth/challenge',
    payload: { wallet_address: account.address },
  });
  const { message } = challenge.json<{ message: string }>();
  const signature = await account.signMessage({ message });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { wallet_address: account.address, signature, message },
  });
  if (res.statusCode !== 200) throw new Error(`wallet sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...res.json<AuthResponse>(), account };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
