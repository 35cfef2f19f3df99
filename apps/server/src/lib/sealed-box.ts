import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A 256-bit key for one purpose, derived (HKDF-SHA256) from the app's root secret, which lives in
 * the environment or DATA_DIR/secrets.json, never in the database: a database dump alone opens nothing.
 */
export const deriveKey = (rootSecret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', rootSecret, 'tarang-sealed-box', purpose, 32));

/**
 * AES-256-GCM with a random 96-bit IV. `context` is bound as associated data (e.g. the row's id), so
 * a sealed value copied onto another row does not open there.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Opens a sealed value; throws when it was altered, sealed with another key or for another context. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new Error('Unknown sealed value format');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
