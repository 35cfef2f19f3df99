import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createCidHasher } from '@app/media';
import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge } from './errors.ts';

export interface ReceivedFile {
  tempPath: string;
  size: number;
  cid: string;
  filename: string;
  declaredType: string;
  fields: Record<string, string>;
}

export interface FileUploadOptions {
  tempDir: string;
  maxBytes: number;
  tooLarge: string;
  fileField: string;
  missingFile: string;
}

/**
 * Streams the one file of a multipart request to a temp file while computing its CID, with the
 * size limit enforced as bytes arrive. On any failure (too large, client gone, bad form) the temp
 * file is removed before the error propagates: nothing half-written stays behind.
 */
export async function receiveFileUpload(req: FastifyRequest, opts: FileUploadOptions): Promise<ReceivedFile> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes + 1024 * 1024) throw payloadTooLarge(opts.tooLarge);
  if (!req.isMultipart()) throw badRequest('Send the video as multipart/form-data');

  await fsp.mkdir(opts.tempDir, { recursive: true });
  const tempPath = path.join(opts.tempDir, `upload-${randomBytes(8).toString('hex')}`);
  const fields: Record<string, string> = {};
  let file: Omit<ReceivedFile, 'tempPath' | 'fields'> | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== opts.fileField) throw badRequest(`Unexpected file field "${part.fieldname}"`);
      const hasher = createCidHasher();
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          hasher.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(part.file, tap, fs.createWriteStream(tempPath, { flags: 'wx' }));
      if (part.file.truncated) throw payloadTooLarge(opts.tooLarge);
      file = { size, cid: hasher.digest(), filename: part.filename, declaredType: part.mimetype };
    }
    if (!file || file.size === 0) throw badRequest(opts.missingFile);
    return { ...file, tempPath, fields };
  } catch (err) {
    await fsp.rm(tempPath, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(opts.tooLarge);
    throw err;
  }
}
