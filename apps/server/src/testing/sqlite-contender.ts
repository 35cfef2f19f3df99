// Run in a child process by db/sqlite-dialect.test.ts: read-then-write transactions on a shared
// SQLite file, as the server and a separate worker process do. Exits 1 on the first failure.
import { sql } from 'kysely';
import { openDatabase } from '../db/database.ts';

const [dataDir, rounds] = process.argv.slice(2);
const handle = openDatabase({ dataDir: dataDir! });
try {
  for (let i = 0; i < Number(rounds); i++) {
    await handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 2)); // let the other processes in
      await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
    });
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
