import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type BlobStore, type ByteRange } from './blob-store.ts';

/** Blobs as files under DATA_DIR/blobs; writes land by rename so a reader never sees half a file. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async size(key: string): Promise<number | undefined> {
    const file = this.pathOf(key);
    try {
      const st = await fsp.stat(file);
      return st.isFile() ? st.size : undefined;
    } catch {
      return undefined;
    }
  }

  async putFile(key: string, localPath: string): Promise<boolean> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    if ((await this.size(key)) !== undefined) {
      await fsp.rm(localPath, { force: true });
      return false;
    }
    try {
      await fsp.rename(localPath, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // temp dir on another filesystem: copy next to the target, then rename into place
      const staging = `${target}.part-${process.pid}-${Date.now()}`;
      await fsp.copyFile(localPath, staging);
      await fsp.rename(staging, target);
      await fsp.rm(localPath, { force: true });
    }
    return true;
  }

  async putDirectory(prefix: string, localDir: string): Promise<void> {
    const target = this.pathOf(prefix);
    await fsp.rm(target, { recursive: true, force: true });
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.cp(localDir, target, { recursive: true });
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}
