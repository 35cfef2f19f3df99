import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { WAL_CHECKPOINT_PAGES } from './database.ts';

describe('SQLite durability', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('syncs every commit (synchronous=FULL), so an acknowledged transfer survives a power cut', async () => {
    // 2 is FULL; NORMAL (1) in WAL mode may lose the last commits on power loss
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.ctx.db);
    expect(rows[0]?.synchronous).toBe(2);
    const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.ctx.db);
    expect(mode[0]?.journal_mode).toBe('wal');
  });

  it("keeps savepoint journals in memory (temp_store=MEMORY): a group commit's units cost no temp-file writes", async () => {
    // 2 is MEMORY
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(t.ctx.db);
    expect(rows[0]?.temp_store).toBe(2);
  });

  it('checkpoints the WAL every 10,000 pages, not every 1,000 (fewer copies of the pages every write changes)', async () => {
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(t.ctx.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(WAL_CHECKPOINT_PAGES);
    expect(WAL_CHECKPOINT_PAGES).toBe(10_000);
  });
});
