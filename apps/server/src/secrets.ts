import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir, makePrivateFile } from './storage/private-files.ts';

export interface Secrets {
  /** Root secret; feature keys are derived from it (never used directly as a cipher key). */
  appSecret: string;
  /** the file a generated secret is kept in; undefined when APP_SECRET came from the environment */
  storedIn?: string;
}

/**
 * Secrets come from the environment when given; otherwise they are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so restarts keep sessions and encrypted data readable.
 */
export function loadSecrets(dataDir: string, fromEnv: string | undefined): Secrets {
  if (fromEnv) return { appSecret: fromEnv };
  const file = path.join(dataDir, 'secrets.json');
  makePrivateDir(dataDir);
  if (fs.existsSync(file)) {
    makePrivateFile(file);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { appSecret?: unknown };
    if (typeof stored.appSecret === 'string' && stored.appSecret.length >= 32)
      return { appSecret: stored.appSecret, storedIn: file };
  }
  const appSecret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, JSON.stringify({ appSecret }, null, 2), { mode: PRIVATE_FILE_MODE });
  makePrivateFile(file); // writeFileSync's mode applies only when it creates the file
  return { appSecret, storedIn: file };
}
