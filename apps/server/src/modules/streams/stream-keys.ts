import { randomBytes } from 'node:crypto';
import { deriveKey, seal, unseal } from '../../lib/sealed-box.ts';

/** A new secret stream key: URL-safe, so it can sit in an RTMP path. */
export const newStreamKey = (): string => `live_${randomBytes(24).toString('base64url')}`;

/**
 * Keys are also kept sealed (AES-256-GCM, bound to their stream's id) so their owner can reveal them
 * again on the Go Live page; the sealing key is derived from the app secret, never stored.
 */
export const sealStreamKey = (appSecret: string, streamId: string, key: string): string =>
  seal(deriveKey(appSecret, 'stream-keys'), key, streamId);
export const openStreamKey = (appSecret: string, streamId: string, sealed: string): string =>
  unseal(deriveKey(appSecret, 'stream-keys'), sealed, streamId);
