import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type BlobStore, type ByteRange } from './blob-store.ts';
import { contentTypeForPath } from './content-type.ts';

export interface S3Options {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
}

/** Blobs in any S3-compatible object store (AWS S3, MinIO, Ceph, R2, …). */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Plain bodies: many S3-compatible servers do not understand the SDK's default aws-chunked checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string): string {
    assertSafeKey(key);
    return `${this.opts.prefix}${key}`;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }));
      return head.ContentLength;
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
      throw err;
    }
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<boolean> {
    if ((await this.size(key)) !== undefined) {
      await fsp.rm(localPath, { force: true });
      return false;
    }
    await this.upload(key, localPath, contentType);
    await fsp.rm(localPath, { force: true });
    return true;
  }

  async putDirectory(prefix: string, localDir: string): Promise<void> {
    await this.deletePrefix(prefix);
    const files = (await fsp.readdir(localDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    for (const file of files) {
      const full = path.join(file.parentPath, file.name);
      const rel = path.relative(localDir, full).split(path.sep).join('/');
      await this.upload(`${prefix}/${rel}`, full, contentTypeForPath(rel));
    }
  }

  private async upload(key: string, localPath: string, contentType: string): Promise<void> {
    const { size } = await fsp.stat(localPath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(key),
        Body: fs.createReadStream(localPath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return res.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const full = `${this.key(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: full, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0)
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.opts.bucket, Delete: { Objects: keys } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  destroy(): void {
    this.client.destroy();
  }
}
