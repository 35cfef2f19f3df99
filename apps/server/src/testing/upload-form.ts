import fs from 'node:fs';
import path from 'node:path';

/** Multipart bodies as a browser's upload form sends them, for tests of the upload routes. */
export const BOUNDARY = '----tarang-upload-test';

export interface FormFile {
  name: string;
  type: string;
  data: Buffer;
}

/** The fields, then the head of the file part: the file's bytes and multipartTail follow. */
export function multipartHead(fields: Record<string, string>, filename: string, type: string): Buffer {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return Buffer.from(
    `${parts.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
}
export const multipartTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A whole form (fields and an optional file) as an app.inject payload with its content type. */
export function form(fields: Record<string, string>, file?: FormFile) {
  const body = file
    ? Buffer.concat([multipartHead(fields, file.name, file.type), file.data, multipartTail])
    : Buffer.from(
        Object.entries(fields)
          .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join('') + `--${BOUNDARY}--\r\n`,
      );
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** Every file under `dir` (none when it does not exist), to check what an upload left behind. */
export const listFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];
