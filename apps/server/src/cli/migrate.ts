import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';

const config = loadConfig();
const { db, dialect, close } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(db);
  console.log(
    applied.length ? `Applied on ${dialect}: ${applied.join(', ')}` : `The ${dialect} database is up to date.`,
  );
} finally {
  await close();
}
