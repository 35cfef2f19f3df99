import { loadConfig } from '../config.ts';
import { folderArgument } from './folder-argument.ts';
import { backup } from '../ops/backup.ts';

// npm run backup -- <dir>: a consistent online backup of the database and the blobs (incremental when <dir> holds an earlier one).
const dir = folderArgument('backup');
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
