import { describe, expect, it } from 'vitest';
import { FINAL_CLOSE_CODE, reconnectDelay } from './reconnect.ts';

describe('chat reconnects', () => {
  it('waits 2 s times the attempt number, five times, then gives up', () => {
    expect([1, 2, 3, 4, 5].map((n) => reconnectDelay(n, 1006))).toEqual([2000, 4000, 6000, 8000, 10000]);
    expect(reconnectDelay(6, 1006)).toBeNull();
  });

  it('never retries a room the server refused for good', () => {
    expect(reconnectDelay(1, FINAL_CLOSE_CODE)).toBeNull();
  });
});
