/** FLV framing, so RTMP audio/video can be piped into ffmpeg as it arrives. */
export const FLV_HEADER = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 9, 0, 0, 0, 0]);

/** One FLV tag (type 8 audio, 9 video, 18 script data) followed by its PreviousTagSize. */
export function flvTag(type: number, timestamp: number, body: Buffer): Buffer {
  const tag = Buffer.alloc(11 + body.length + 4);
  tag[0] = type;
  tag.writeUIntBE(body.length, 1, 3);
  tag.writeUIntBE(timestamp & 0xffffff, 4, 3);
  tag[7] = (timestamp >>> 24) & 0xff;
  // bytes 8-10: stream id, always 0
  body.copy(tag, 11);
  tag.writeUInt32BE(11 + body.length, 11 + body.length);
  return tag;
}
