import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** Root secret; feature keys are derived from it (never used directly as a cipher key). */
  appSecret: string;
}

/**
 * Secrets come from the environment when given; otherwise they are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so restarts keep sessions and encrypted data readable.
 */
export function loadSecrets(dataDir: string, fromEnv: string | undefined): Secrets {
  if (fromEnv) return { appSecret: fromEnv };
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (typeof stored.appSecret === 'string' && stored.appSecret.length >= 32) return { appSecret: stored.appSecret };
  }
  const secrets: Secrets = { appSecret: randomBytes(32).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
