import fs from 'node:fs';

/** DATA_DIR holds the database, the secrets and uploads: only the server's own user may read them. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the folder (and its parents) as private, and tightens it when an earlier version made it open. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/** Tightens an existing file left readable by an earlier version; a missing file is fine. */
export function makePrivateFile(file: string): void {
  tighten(file, PRIVATE_FILE_MODE);
}

function tighten(target: string, mode: number): void {
  try {
    if ((fs.statSync(target).mode & 0o777) !== mode) fs.chmodSync(target, mode);
  } catch (err) {
    // absent, or owned by another user (an operator's shared folder): nothing this process can change
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw err;
  }
}
