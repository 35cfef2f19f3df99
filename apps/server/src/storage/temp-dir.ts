import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * A temp folder of this process's own under DATA_DIR/tmp (same filesystem as the blob store, so a
 * finished upload moves in by rename). Folders left by crashed processes are swept after a day;
 * processes sharing DATA_DIR never touch each other's live folders.
 */
export function createTempDir(dataDir: string): { dir: string; remove(): void } {
  const root = path.join(dataDir, 'tmp');
  fs.mkdirSync(root, { recursive: true });
  for (const name of fs.readdirSync(root)) {
    const full = path.join(root, name);
    try {
      if (Date.now() - fs.statSync(full).mtimeMs > STALE_MS) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // another process swept it first
    }
  }
  const dir = path.join(root, `${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
