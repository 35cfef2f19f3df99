/**
 * One message as RTMP chunks: a type-0 header (with an extended timestamp when it does not fit in
 * 3 bytes), then type-3 continuation chunks of at most `chunkSize` bytes.
 */
export function encodeMessage(
  m: { csid: number; type: number; streamId: number; timestamp?: number; body: Buffer },
  chunkSize: number,
): Buffer {
  const timestamp = m.timestamp ?? 0;
  const extended = timestamp >= 0xffffff;
  const ext = Buffer.alloc(extended ? 4 : 0);
  if (extended) ext.writeUInt32BE(timestamp);
  const header = Buffer.alloc(12);
  header[0] = m.csid;
  header.writeUIntBE(extended ? 0xffffff : timestamp, 1, 3);
  header.writeUIntBE(m.body.length, 4, 3);
  header[7] = m.type;
  header.writeUInt32LE(m.streamId, 8);
  const parts: Buffer[] = [header, ext];
  for (let off = 0; off < m.body.length; off += chunkSize) {
    if (off > 0) parts.push(Buffer.from([0xc0 | m.csid]), ext);
    parts.push(m.body.subarray(off, off + chunkSize));
  }
  return Buffer.concat(parts);
}
