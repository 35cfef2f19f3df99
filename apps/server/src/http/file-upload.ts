import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createCidHasher } from '@app/media';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, uploadStalled } from './errors.ts';
import { fieldText, multipartParts } from './multipart.ts';

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
  /** the upload ends when no byte arrives for this long */
  idleTimeoutMs: number;
}

/**
 * How much of an upload may wait in memory for the disk. With the default (16 KB) the socket is paused
 * at every chunk until the disk has it, and the upload runs at the speed of that round trip; with
 * this much, reading, hashing and writing overlap (the disk takes several chunks per write).
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Streams the one file of a multipart request to a temp file while computing its CID, with the
 * size limit enforced as bytes arrive. On any failure (too large, client gone, stalled, bad form)
 * the temp file is removed before the error propagates: nothing half-written stays behind.
 */
/** The file over the size limit, with the limit in MB for the uploader's language. */
const tooLarge = (opts: FileUploadOptions) =>
  ({ code: 'file_too_large', params: { max_mb: Math.round(opts.maxBytes / (1024 * 1024)) } }) as const;

export async function receiveFileUpload(req: FastifyRequest, opts: FileUploadOptions): Promise<ReceivedFile> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes + 1024 * 1024)
    throw payloadTooLarge(opts.tooLarge, tooLarge(opts));
  if (!req.isMultipart()) throw badRequest('Send the video as multipart/form-data');
  const parts = multipartParts(req, {
    limits: { fileSize: opts.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });

  await fsp.mkdir(opts.tempDir, { recursive: true, mode: 0o700 });
  const tempPath = path.join(opts.tempDir, `upload-${randomBytes(8).toString('hex')}`);
  const idle = watchIdle(req, opts.idleTimeoutMs);
  let writing: Promise<void> = Promise.resolve();

  const receive = async (): Promise<ReceivedFile> => {
    const fields: Record<string, string> = {};
    let file: Omit<ReceivedFile, 'tempPath' | 'fields'> | undefined;
    for await (const part of parts) {
      idle.alive();
      if (part.type === 'field') {
        fields[part.fieldname] = fieldText(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== opts.fileField) throw badRequest(`Unexpected file field "${part.fieldname}"`);
      const hasher = createCidHasher();
      let size = 0;
      const tap = new Transform({
        readableHighWaterMark: WRITE_BUFFER_BYTES,
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          hasher.update(chunk);
          idle.alive();
          done(null, chunk);
        },
      });
      writing = pipeline(
        part.file,
        tap,
        fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES }),
        {
          signal: idle.signal,
        },
      );
      await writing;
      if (part.file.truncated) throw payloadTooLarge(opts.tooLarge, tooLarge(opts));
      file = { size, cid: hasher.digest(), filename: part.filename, declaredType: part.mimetype };
    }
    if (!file || file.size === 0) throw badRequest(opts.missingFile, { code: 'file_missing', field: opts.fileField });
    return { ...file, tempPath, fields };
  };

  const receiving = receive();
  try {
    return await Promise.race([receiving, idle.stalled]);
  } catch (err) {
    // A stalled body never ends the loop by itself; it fails once the connection closes.
    receiving.catch(() => undefined);
    // The write stream must be closed before the file goes, or a late open could bring it back.
    await writing.catch(() => undefined);
    await fsp.rm(tempPath, { force: true });
    if (err instanceof AppError) throw err;
    if (req.raw.destroyed && !req.raw.complete) {
      // A visitor closing the tab mid-upload is ordinary, not a server fault.
      req.log.info('upload aborted by the client');
      throw badRequest('The upload was interrupted', { code: 'upload_interrupted' });
    }
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(opts.tooLarge, tooLarge(opts));
    throw err;
  } finally {
    idle.release();
  }
}

/**
 * Watches the body for silence: a client that stops sending would otherwise hold a connection, a
 * file handle and a temp file until the server's request timeout (minutes). Every part and every
 * chunk of the file counts as a sign of life.
 */
function watchIdle(req: FastifyRequest, idleMs: number) {
  const controller = new AbortController();
  let fail: (err: AppError) => void = () => undefined;
  const stalled = new Promise<never>((_resolve, reject) => (fail = reject));
  stalled.catch(() => undefined);
  const onSilence = () => {
    const err = uploadStalled(`The upload stalled: no data arrived for ${Math.round(idleMs / 1000)} s`);
    req.log.info({ idleMs }, 'upload stalled');
    controller.abort(err);
    fail(err);
  };
  const timer = setTimeout(onSilence, idleMs);
  return {
    signal: controller.signal,
    stalled,
    alive: () => timer.refresh(),
    release: () => clearTimeout(timer),
  };
}
