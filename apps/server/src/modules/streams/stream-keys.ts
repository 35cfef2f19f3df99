import { createHash, randomBytes } from 'node:crypto';
import { SealedBox } from '../../lib/sealed-box.ts';

/** A new secret stream key: URL-safe, so it can sit in an RTMP path. */
export const newStreamKey = (): string => `live_${randomBytes(24).toString('base64url')}`;

/** How a key is looked up without being stored in clear. */
export const hashStreamKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Keys are also kept sealed (AES-256-GCM) so their owner can reveal them again on the Go Live page. */
export const streamKeyBox = (appSecret: string): SealedBox => new SealedBox(appSecret, 'stream-keys');
