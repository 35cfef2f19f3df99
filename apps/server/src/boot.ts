import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { loadSecrets } from './secrets.ts';
import { LocalBlobStore } from './storage/local-blob-store.ts';
import { S3BlobStore } from './storage/s3-blob-store.ts';
import { createTempDir } from './storage/temp-dir.ts';

/** Opens the database (migrating it), Redis when configured, and the secrets: everything the app needs. */
export async function createContext(config: Config): Promise<{ ctx: AppContext; close(): Promise<void> }> {
  const secrets = loadSecrets(config.dataDir, config.appSecret);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3, enableOfflineQueue: true }) : undefined;
  const blobs = config.s3 ? new S3BlobStore(config.s3) : new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  const temp = createTempDir(config.dataDir);
  const ctx: AppContext = { config, secrets, db: database.db, dialect: database.dialect, redis, blobs, tempDir: temp.dir };
  return {
    ctx,
    async close() {
      await database.close();
      await redis?.quit();
      temp.remove();
    },
  };
}
