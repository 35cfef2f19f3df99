import type { Db } from '../../../apps/server/src/db/database.ts';
import { createUser } from '../../../apps/server/src/modules/users/users.service.ts';

/** n users through the service layer (account and welcome bonus included), in one transaction. */
export async function seedUsers(db: Db, n: number, prefix = 'bench'): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        (
          await createUser(trx, {
            username: `${prefix}${i}`,
            email: `${prefix}${i}@example.com`,
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
    body: JSON.stringify({ email, password: 'benchmark password' }),
  });
  if (res.status !== 201) throw new Error(`bench sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}
