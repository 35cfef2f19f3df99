import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backup } from '../ops/backup.ts';

// npm run backup -- <dir>: a consistent online backup of the database and the blobs (incremental when <dir> holds an earlier one).
const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run backup -- <folder>');
  process.exit(2);
}
// npm runs workspace scripts in the workspace: a relative folder is the caller's (INIT_CWD).
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
try {
  const done = await backup(loadConfig(), dir);
  console.log(
    `Backed up the ${done.database.dialect} database and ${done.blobs.length} blobs (${done.copied} new) into ${dir}. ` +
      'Secrets are not included: keep APP_SECRET (or DATA_DIR/secrets.json) safe on its own.',
  );
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
