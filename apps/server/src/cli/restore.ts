import { loadConfig } from '../config.ts';
import { folderArgument } from './folder-argument.ts';
import { restore } from '../ops/backup.ts';

// npm run restore -- <dir>: rebuilds an empty DATA_DIR (or empty PostgreSQL database) and the blob store from a backup.
const dir = folderArgument('restore');
try {
  const done = await restore(loadConfig(), dir);
  console.log(
    `Restored the ${done.database.dialect} database and ${done.blobs.length} blobs from the backup of ${done.created_at}. ` +
      'Put back APP_SECRET (or DATA_DIR/secrets.json) before starting: it opens the sealed payout details.',
  );
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
