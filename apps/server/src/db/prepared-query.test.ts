import type { Role } from '@app/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { createUser } from '../modules/users/users.service.ts';
import { firstRow, preparedQuery } from './prepared-query.ts';

const byUsername = preparedQuery((db, username: string, role: Role) =>
  db.selectFrom('users').select(['id', 'username']).where('username', '=', username).where('role', '=', role),
);

describe.each(testDialects)('preparedQuery (%s)', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it('runs the query built once with each call’s values, in and out of transactions', async () => {
    const t = await createTestApp(dialect);
    apps.push(t);
    const db = t.ctx.db;
    const ann = await createUser(db, { username: 'ann', email: 'ann@example.com', role: 'user', welcomeBonus: false });
    const bob = await createUser(db, { username: 'bob', email: 'bob@example.com', role: 'user', welcomeBonus: false });

    expect(firstRow(await byUsername(db, 'ann', 'user'))).toEqual({ id: ann.id, username: 'ann' });
    expect(firstRow(await byUsername(db, 'bob', 'user'))).toEqual({ id: bob.id, username: 'bob' });
    expect(firstRow(await byUsername(db, 'bob', 'admin'))).toBeUndefined();
    await db.transaction().execute(async (trx) => {
      expect(firstRow(await byUsername(trx, 'ann', 'user'))?.id).toBe(ann.id);
    });
  });

  it('binds hostile values as parameters, never as SQL', async () => {
    const t = await createTestApp(dialect);
    apps.push(t);
    await createUser(t.ctx.db, { username: 'ann', email: 'ann@example.com', role: 'user', welcomeBonus: false });
    expect((await byUsername(t.ctx.db, "ann' or '1'='1", 'user')).rows).toEqual([]);
    for (const placeholderLike of ['$1', '?', '$2 or 1=1'])
      expect((await byUsername(t.ctx.db, placeholderLike, 'user')).rows).toEqual([]);
  });

  it('refuses a query whose argument does not reach it as a parameter', async () => {
    const t = await createTestApp(dialect);
    apps.push(t);
    const folded = preparedQuery((db, column: string) =>
      db
        .selectFrom('users')
        .select('id')
        .orderBy(column as 'id'),
    );
    await expect(folded(t.ctx.db, 'id')).rejects.toThrow(/part of the SQL text|not a bound parameter/);
  });
});
