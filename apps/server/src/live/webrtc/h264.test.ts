import { describe, expect, it } from 'vitest';
import { startsKeyframe } from './h264.ts';

describe('startsKeyframe', () => {
  it('opens on an SPS, an IDR, an aggregation that starts with either, or the first fragment of an IDR', () => {
    expect(startsKeyframe(Uint8Array.of(0x67, 0x42))).toBe(true); // SPS
    expect(startsKeyframe(Uint8Array.of(0x65, 0x88))).toBe(true); // IDR
    expect(startsKeyframe(Uint8Array.of(0x78, 0x00, 0x10, 0x67, 0x42))).toBe(true); // STAP-A with an SPS
    expect(startsKeyframe(Uint8Array.of(0x7c, 0x85, 0x00))).toBe(true); // FU-A start of an IDR
  });

  it('waits through other pictures, later fragments and short payloads', () => {
    expect(startsKeyframe(Uint8Array.of(0x41, 0x9a))).toBe(false); // a P slice
    expect(startsKeyframe(Uint8Array.of(0x7c, 0x05, 0x00))).toBe(false); // FU-A middle of an IDR
    expect(startsKeyframe(Uint8Array.of(0x7c, 0x81, 0x00))).toBe(false); // FU-A start of a P slice
    expect(startsKeyframe(Uint8Array.of(0x78, 0x00, 0x10, 0x41))).toBe(false); // STAP-A with a P slice
    expect(startsKeyframe(Uint8Array.of(0x67))).toBe(false);
    expect(startsKeyframe(new Uint8Array())).toBe(false);
  });
});
