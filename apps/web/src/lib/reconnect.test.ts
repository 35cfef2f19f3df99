import { describe, expect, it } from 'vitest';
import { FINAL_CLOSE_CODE, reconnectDelay } from './reconnect.ts';

describe('chat reconnects', () => {
  it('waits 2 s times the attempt number, five times, then gives up', () => {
    expect([1, 2, 3, 4, 5].map((n) => reconnectDelay(n, 1006))).toEqual([2000, 4000, 6000, 8000, 10000]);
    expect(reconnectDelay(6, 1006)).toBeNull();
  });

  it('comes back within 1.5 s when the server restarts, whatever the attempt, spread at random', () => {
    expect(reconnectDelay(1, 1012, () => 0)).toBe(0);
    expect(reconnectDelay(9, 1012, () => 0.5)).toBe(750);
    expect(reconnectDelay(9, 1012, () => 0.999)).toBeLessThanOrEqual(1500);
  });

  it('never retries a room the server refused for good', () => {
    expect(reconnectDelay(1, FINAL_CLOSE_CODE)).toBeNull();
  });
});
