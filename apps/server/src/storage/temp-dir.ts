import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePrivateDir } from './private-files.ts';

const STALE_MS = 24 * 60 * 60 * 1000;
/** `<pid>-<random>@<host>`: the pid says whether the owner still runs, the host whether we can tell. */
const NAME = /^(\d+)-[0-9a-f]{8}@(.+)$/;

/**
 * A temp folder of this process's own under DATA_DIR/tmp (same filesystem as the blob store, so a
 * finished upload moves in by rename). At start, folders of processes on this host that no longer
 * run are swept at once (a killed process leaves half an upload); a live sibling sharing DATA_DIR
 * (`npm run worker`) keeps its folder. Folders of other hosts, where a pid says nothing, go after a day.
 */
export function createTempDir(dataDir: string): { dir: string; remove(): void } {
  const root = path.join(dataDir, 'tmp');
  makePrivateDir(root);
  const host = os.hostname();
  for (const name of fs.readdirSync(root)) {
    const full = path.join(root, name);
    try {
      const owner = NAME.exec(name);
      const ownerGone = owner !== null && owner[2] === host && !processRuns(Number(owner[1]));
      if (ownerGone || Date.now() - fs.statSync(full).mtimeMs > STALE_MS)
        fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // another process swept it first
    }
  }
  const dir = path.join(root, `${process.pid}-${randomBytes(4).toString('hex')}@${host}`);
  makePrivateDir(dir);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function processRuns(pid: number): boolean {
  // Our own pid on a folder made before we started: a predecessor's (a restarted container reuses pids).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0); // signal 0 only asks whether the process exists
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
