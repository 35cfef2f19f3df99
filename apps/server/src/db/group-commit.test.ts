import path from 'node:path';
import { MICRO_PER_TOKEN as TOKEN } from '@app/shared';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sumOfBalancesByCurrency } from '../modules/ledger/ledger.repository.ts';
import { SystemAccount, balanceOf, openAccount, transfer } from '../modules/ledger/ledger.service.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { MAX_GROUP, writeTransaction } from './group-commit.ts';

let seq = 0;
const key = () => `group-commit-test-${++seq}`;

describe.each(testDialects)('write transactions on %s', (dialect) => {
  let t: TestApp;
  const accounts = ['gc:a', 'gc:b', 'gc:c'];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const id of accounts) await openAccount(t.ctx.db, id, 'TOKEN');
    await writeTransaction(t.ctx.db, (trx) =>
      transfer({ from: SystemAccount.mint, to: 'gc:a', amount: 10 * TOKEN, kind: 'test', idempotencyKey: key() }, trx),
    );
  });
  afterAll(() => t.close());

  const send = (from: string, to: string, amount: number, idempotencyKey = key()) =>
    writeTransaction(t.ctx.db, (trx) => transfer({ from, to, amount, kind: 'test', idempotencyKey }, trx));

  it('gives every unit its own outcome: a short balance fails only its own transfer', async () => {
    // a→b 4, a→b 4, a→b 4 (the third is short), mint→c 1
    const results = await Promise.allSettled([
      send('gc:a', 'gc:b', 4 * TOKEN),
      send('gc:a', 'gc:b', 4 * TOKEN),
      send('gc:a', 'gc:b', 4 * TOKEN),
      send(SystemAccount.mint, 'gc:c', 1 * TOKEN),
    ]);
    // on SQLite they run in arrival order; on PostgreSQL any one of the three may be the short one
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatchObject({ code: 'insufficient_funds' });
    expect(results[3]!.status).toBe('fulfilled');
    if (dialect === 'sqlite') expect(results[2]!.status).toBe('rejected');
    expect(await balanceOf(t.ctx.db, 'gc:a')).toBe(2 * TOKEN);
    expect(await balanceOf(t.ctx.db, 'gc:b')).toBe(8 * TOKEN);
    expect(await balanceOf(t.ctx.db, 'gc:c')).toBe(1 * TOKEN);
  });

  it('keeps nothing of a unit that throws after writing, and everything of the others', async () => {
    const before = await balanceOf(t.ctx.db, 'gc:c');
    const results = await Promise.allSettled([
      send('gc:b', 'gc:c', TOKEN),
      writeTransaction(t.ctx.db, async (trx) => {
        await transfer({ from: 'gc:b', to: 'gc:c', amount: TOKEN, kind: 'test', idempotencyKey: key() }, trx);
        throw new Error('changed its mind');
      }),
      send('gc:b', 'gc:c', TOKEN),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await balanceOf(t.ctx.db, 'gc:c')).toBe(before + 2 * TOKEN);
  });

  it('pays a key once when two units of one group carry it', async () => {
    const shared = key();
    const before = await balanceOf(t.ctx.db, 'gc:b');
    const [first, second] = await Promise.all([send('gc:a', 'gc:b', 1, shared), send('gc:a', 'gc:b', 1, shared)]);
    // on SQLite the group runs them in arrival order; on PostgreSQL either one may commit first
    if (dialect === 'sqlite') expect([first.replayed, second.replayed]).toEqual([false, true]);
    else expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect(second.entryId).toBe(first.entryId);
    expect(await balanceOf(t.ctx.db, 'gc:b')).toBe(before + 1);
  });

  it('keeps the books balanced under a flood of transfers in every direction', async () => {
    const moves = Array.from({ length: 3 * MAX_GROUP }, (_, i) => [accounts[i % 3]!, accounts[(i + 1) % 3]!] as const);
    const results = await Promise.allSettled(moves.map(([from, to]) => send(from, to, TOKEN / 10)));
    expect(results.filter((r) => r.status === 'rejected').every((r) => r.reason?.code === 'insufficient_funds')).toBe(
      true,
    );
    expect((await sumOfBalancesByCurrency(t.ctx.db)).get('TOKEN')).toBe(0);
    for (const id of accounts) expect(await balanceOf(t.ctx.db, id)).toBeGreaterThanOrEqual(0);
  });

  if (dialect !== 'sqlite') return;

  it('commits units that arrive together in one transaction, at most MAX_GROUP to a commit', async () => {
    const begin = vi.spyOn(t.ctx.db, 'startTransaction');
    try {
      await Promise.all(Array.from({ length: MAX_GROUP + 10 }, () => send(SystemAccount.mint, 'gc:a', 1)));
      expect(begin).toHaveBeenCalledTimes(2);
    } finally {
      begin.mockRestore();
    }
  });

  it('answers a unit only once its commit is on disk: another connection already sees it', async () => {
    const other = new SQLite(path.join(t.ctx.config.dataDir, 'app.db'), { readonly: true });
    try {
      const seen = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const { entryId } = await send(SystemAccount.mint, 'gc:c', 1);
          return other.prepare('select count(*) as n from ledger_entries where id = ?').get(entryId) as { n: number };
        }),
      );
      expect(seen.every((row) => row.n === 1)).toBe(true);
    } finally {
      other.close();
    }
  });

  it('never lets a read from outside see what an open group has not committed', async () => {
    const before = await balanceOf(t.ctx.db, 'gc:c');
    let outside: Promise<number> | undefined;
    const failed = writeTransaction(t.ctx.db, async (trx) => {
      await transfer({ from: SystemAccount.mint, to: 'gc:c', amount: 5, kind: 'test', idempotencyKey: key() }, trx);
      expect(await balanceOf(trx, 'gc:c')).toBe(before + 5);
      outside = balanceOf(t.ctx.db, 'gc:c');
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(await outside).toBe(before);
  });

  it('fails every unit of a group whose commit fails, and keeps none of them', async () => {
    const before = await balanceOf(t.ctx.db, 'gc:c');
    const results = await Promise.allSettled([
      send(SystemAccount.mint, 'gc:c', 1),
      // a foreign key checked only at commit: the commit itself fails
      writeTransaction(t.ctx.db, async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into video_likes (video_id, user_id, created_at) values ('no-such-video', 'no-such-user', '')`.execute(
          trx,
        );
      }),
      send(SystemAccount.mint, 'gc:c', 1),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await balanceOf(t.ctx.db, 'gc:c')).toBe(before);
    // and the next group commits as usual
    await send(SystemAccount.mint, 'gc:c', 1);
    expect(await balanceOf(t.ctx.db, 'gc:c')).toBe(before + 1);
  });
});
