import { describe, expect, it } from 'vitest';
import { elapsedSeconds, liveTokensFor } from './live-time.ts';

describe('live time', () => {
  it('counts seconds on air until the end, or until now while live', () => {
    const start = '2026-01-01T10:00:00.000Z';
    const now = Date.parse('2026-01-01T10:01:30.900Z');
    expect(elapsedSeconds(start, null, now)).toBe(90);
    expect(elapsedSeconds(start, '2026-01-01T10:00:10.000Z', now)).toBe(10);
    expect(elapsedSeconds(null, null, now)).toBe(0);
    expect(elapsedSeconds('2026-01-01T10:05:00.000Z', null, now)).toBe(0); // a clock a little behind the server's
  });

  it('shows what stop pays: 2 tokens per whole minute, at least 10', () => {
    expect(liveTokensFor(59)).toBe(10);
    expect(liveTokensFor(5 * 60 + 59)).toBe(10);
    expect(liveTokensFor(6 * 60)).toBe(12);
    expect(liveTokensFor(61 * 60)).toBe(122);
  });
});
