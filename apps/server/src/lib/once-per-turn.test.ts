import { describe, expect, it } from 'vitest';
import { oncePerTurn } from './once-per-turn.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('oncePerTurn', () => {
  it('reads once per turn of the event loop and again in the next', async () => {
    let reads = 0;
    let value = 1;
    const current = oncePerTurn(() => {
      reads++;
      return value;
    });
    expect([current(), current(), current()]).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
    value = 2; // changed within the turn: the callbacks of this turn still share the first answer
    expect(current()).toBe(1);
    await nextTurn();
    expect(current()).toBe(2);
    expect(reads).toBe(2);
  });

  it('keeps no undefined answer: the next call reads again', async () => {
    const answers = [undefined, 5, 6];
    let reads = 0;
    const current = oncePerTurn(() => answers[reads++]);
    expect(current()).toBeUndefined(); // cannot tell now (a transaction holds the connection)
    expect(current()).toBe(5);
    expect(current()).toBe(5);
    expect(reads).toBe(2);
    await nextTurn();
  });
});
