import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';
import { makePrivateDir } from '../storage/private-files.ts';

const run = promisify(execFile);

/** What a backup folder holds; written last, so a folder without it is an interrupted backup. */
export interface BackupManifest {
  format: 1;
  created_at: string;
  database: { dialect: 'sqlite' | 'postgres'; file: string };
  /** s3: the blobs stay in the bucket, which is backed up with the object store's own tools */
  blob_store: 'local' | 's3';
  /** every blob of the local store at the time of the backup (key under blobs/, bytes) */
  blobs: Array<{ key: string; size: number }>;
}

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'database.sqlite';
const PG_FILE = 'database.pgdump';

/** Every file under `root`, as keys relative to it ('/'-separated); none when it does not exist. */
async function filesUnder(root: string): Promise<Array<{ key: string; size: number }>> {
  const out: Array<{ key: string; size: number }> = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      // half-written files of a store in use are not blobs yet
      else if (entry.isFile() && !entry.name.includes('.part-'))
        out.push({ key: path.relative(root, full).split(path.sep).join('/'), size: (await fsp.stat(full)).size });
    }
  };
  await walk(root);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** Copies a file by way of a temporary name, so an interrupted copy never looks complete. */
async function copyInto(from: string, to: string): Promise<void> {
  await fsp.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  const part = `${to}.part-${process.pid}`;
  await fsp.copyFile(from, part);
  await fsp.rename(part, to);
}

/** Copies the blobs `to` does not hold yet (same key and size): blobs never change under a key, so this makes backups incremental. */
async function copyMissing(blobs: Array<{ key: string; size: number }>, fromRoot: string, toRoot: string) {
  let copied = 0;
  for (const { key, size } of blobs) {
    const target = path.join(toRoot, ...key.split('/'));
    const have = await fsp.stat(target).catch(() => undefined);
    if (have?.size === size) continue;
    await copyInto(path.join(fromRoot, ...key.split('/')), target);
    copied++;
  }
  return copied;
}

const blobRoot = (config: Config) => path.join(config.dataDir, 'blobs');

/**
 * A consistent online backup into `dir` while the server runs: the database first (SQLite with
 * `VACUUM INTO`, one read transaction that writers do not disturb; PostgreSQL with `pg_dump`, one
 * snapshot), then the blobs it may refer to (a blob is always stored before the row naming it), then
 * the manifest. Blobs already in `dir` are kept: run it into the same folder for an incremental
 * backup. With S3 the blobs stay in the bucket (back it up with the object store's own tools).
 * Secrets (APP_SECRET or DATA_DIR/secrets.json) are not included: keep them apart.
 */
export async function backup(config: Config, dir: string): Promise<BackupManifest & { copied: number }> {
  makePrivateDir(dir);
  await fsp.rm(path.join(dir, MANIFEST), { force: true });
  let database: BackupManifest['database'];
  if (config.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(dir, PG_FILE), config.databaseUrl]);
    database = { dialect: 'postgres', file: PG_FILE };
  } else {
    const target = path.join(dir, SQLITE_FILE);
    await fsp.rm(target, { force: true });
    const source = new SQLite(path.join(config.dataDir, 'app.db'), { readonly: true, fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      source.prepare('vacuum into ?').run(target);
    } finally {
      source.close();
    }
    database = { dialect: 'sqlite', file: SQLITE_FILE };
  }
  const blobs = config.s3 ? [] : await filesUnder(blobRoot(config));
  const copied = await copyMissing(blobs, blobRoot(config), path.join(dir, 'blobs'));
  const manifest: BackupManifest = {
    format: 1,
    created_at: new Date().toISOString(),
    database,
    blob_store: config.s3 ? 's3' : 'local',
    blobs,
  };
  await fsp.writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  return { ...manifest, copied };
}

/**
 * Rebuilds an empty deployment from a backup folder: the database (a new DATA_DIR/app.db, or an
 * empty PostgreSQL database) and the local blob store. It refuses to overwrite anything.
 */
export async function restore(config: Config, dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  const wanted = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.dialect !== wanted)
    throw new Error(`This backup holds a ${manifest.database.dialect} database; the configuration names ${wanted}.`);
  makePrivateDir(config.dataDir);
  if (config.databaseUrl) {
    const { stdout } = await run('psql', [
      '--tuples-only',
      '--no-align',
      '--command',
      "select count(*) from information_schema.tables where table_schema = 'public'",
      config.databaseUrl,
    ]);
    if (Number(stdout.trim()) > 0)
      throw new Error('The target PostgreSQL database is not empty: restore into a new one.');
    await run('pg_restore', ['--no-owner', '--dbname', config.databaseUrl, path.join(dir, manifest.database.file)]);
  } else {
    const target = path.join(config.dataDir, 'app.db');
    if (fs.existsSync(target) && fs.statSync(target).size > 0)
      throw new Error(`${target} exists: restore into an empty DATA_DIR.`);
    await copyInto(path.join(dir, manifest.database.file), target);
  }
  await copyMissing(manifest.blobs, path.join(dir, 'blobs'), blobRoot(config));
  return manifest;
}
