/** Content type from a file's first bytes, for blobs addressed only by their CID. */
export function sniffContentType(head: Buffer): string {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(1, 4) === 'PNG') return 'image/png';
  if (ascii(4, 8) === 'ftyp') return ascii(8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return head.includes(Buffer.from('webm')) ? 'video/webm' : 'video/x-matroska';
  }
  if (ascii(0, 4) === 'RIFF' && ascii(8, 11) === 'AVI') return 'video/x-msvideo';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (head[0] === 0x47) return 'video/mp2t';
  if (ascii(0, 7) === '#EXTM3U') return 'application/vnd.apple.mpegurl';
  return 'application/octet-stream';
}

export function contentTypeForPath(key: string): string {
  if (key.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (key.endsWith('.ts')) return 'video/mp2t';
  if (key.endsWith('.m4s')) return 'video/iso.segment';
  if (key.endsWith('.mp4')) return 'video/mp4';
  if (key.endsWith('.jpg')) return 'image/jpeg';
  return 'application/octet-stream';
}
