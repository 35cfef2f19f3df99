import type { Db } from '../../../apps/server/src/db/database.ts';
import { PasswordHasher } from '../../../apps/server/src/modules/auth/passwords.ts';
import { createUser } from '../../../apps/server/src/modules/users/users.service.ts';

/** The password of users seeded with `password: true`, for signIn(). */
export const BENCH_PASSWORD = 'benchmark password';

/**
 * n users through the service layer (account and welcome bonus included), in one transaction; with
 * `password`, each can sign in with BENCH_PASSWORD (one scrypt hash, shared: it is a bench).
 */
export async function seedUsers(
  db: Db,
  n: number,
  prefix = 'bench',
  options: { password?: boolean } = {},
): Promise<string[]> {
  const passwordHash = options.password
    ? await new PasswordHasher({ concurrency: 1, queue: 1 }).hash(BENCH_PASSWORD)
    : null;
  return db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        (
          await createUser(trx, {
            username: `${prefix}${i}`,
            email: `${prefix}${i}@example.com`,
            passwordHash,
            role: 'user',
            welcomeBonus: true,
          })
        ).id,
      );
    return ids;
  });
}

/** Registers through the real HTTP API, as the web client does; returns the bearer token. */
export async function signUp(baseUrl: string, email: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`bench sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/** Signs a seeded user in through the real HTTP API; returns the bearer token. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`bench sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
