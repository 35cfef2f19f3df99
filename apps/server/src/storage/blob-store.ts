import type { Readable } from 'node:stream';

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

/**
 * Where media bytes live. Keys are slash-separated paths: `ipfs/<cid>` for content-addressed
 * blobs (originals, thumbnails, clips) and `hls/<id>/…` for transcoded renditions.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** size in bytes, or undefined when absent */
  size(key: string): Promise<number | undefined>;
  /** Moves a finished local file under `key`; false when the key already existed (the file is then removed). */
  putFile(key: string, localPath: string, contentType: string): Promise<boolean>;
  /** Copies every file under a local folder to `prefix/<relative path>`. */
  putDirectory(prefix: string, localDir: string): Promise<void>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
}

export const cidKey = (cid: string): string => `ipfs/${cid}`;

/** Keys come from our own code, but a path must never climb out of the store. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}
