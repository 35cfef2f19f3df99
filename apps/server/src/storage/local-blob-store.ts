import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type BlobStore, type ByteRange } from './blob-store.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, makePrivateDir } from './private-files.ts';

/**
 * Blobs as files under DATA_DIR/blobs; writes land by rename so a reader never sees half a file.
 * This process serves them itself, so they stay private to its user (files 600, folders 700).
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {
    makePrivateDir(root);
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
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    if ((await this.size(key)) !== undefined) {
      await fsp.rm(localPath, { force: true });
      return false;
    }
    await fsp.chmod(localPath, PRIVATE_FILE_MODE);
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
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    await fsp.cp(localDir, target, { recursive: true });
    await makeTreePrivate(target); // ffmpeg wrote the renditions with the default, world-readable mode
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

async function makeTreePrivate(dir: string): Promise<void> {
  await fsp.chmod(dir, PRIVATE_DIR_MODE);
  for (const entry of await fsp.readdir(dir, { recursive: true, withFileTypes: true })) {
    await fsp.chmod(
      path.join(entry.parentPath, entry.name),
      entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE,
    );
  }
}
