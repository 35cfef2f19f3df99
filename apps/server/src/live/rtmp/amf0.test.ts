import { describe, expect, it } from 'vitest';
import { Amf0Error, decodeAmf0, encodeAmf0 } from './amf0.ts';

describe('AMF0', () => {
  it('round-trips the values of RTMP commands', () => {
    const values = [
      'connect',
      1,
      { app: 'live', tcUrl: 'rtmp://localhost/live', fpad: false, audioCodecs: 3575 },
      null,
      undefined,
      [1, 'a'],
      'ünïcode',
    ];
    expect(decodeAmf0(encodeAmf0(...values))).toEqual(values);
  });

  it('reads an ECMA array (onMetaData) as an object', () => {
    const body = Buffer.concat([
      Buffer.from([0x08, 0, 0, 0, 1]),
      Buffer.from([0, 5]),
      Buffer.from('width'),
      encodeAmf0(1280),
      Buffer.from([0, 0, 0x09]),
    ]);
    expect(decodeAmf0(body)).toEqual([{ width: 1280 }]);
  });

  it('refuses truncated and unknown input instead of reading past the end', () => {
    const full = encodeAmf0('publish', 0, null, 'key');
    expect(() => decodeAmf0(full.subarray(0, full.length - 2))).toThrow(Amf0Error);
    expect(() => decodeAmf0(Buffer.from([0x11]))).toThrow(Amf0Error);
  });
});
