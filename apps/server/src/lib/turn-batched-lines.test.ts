import { describe, expect, it } from 'vitest';
import { TurnBatchedLines, type LineDestination } from './turn-batched-lines.ts';

/** A destination that records what it is handed and when it is flushed. */
function recorder() {
  const calls: string[] = [];
  const out: LineDestination = {
    write: (text: string) => void calls.push(`write ${text}`),
    flush: (cb) => {
      calls.push('flush');
      cb();
    },
    flushSync: () => void calls.push('flushSync'),
  };
  return { calls, out };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('log lines batched per event-loop turn', () => {
  it('hands the lines of one turn over in one write, in order, and nothing before the turn ends', async () => {
    const { calls, out } = recorder();
    const lines = new TurnBatchedLines(out);
    lines.write('a\n');
    lines.write('b\n');
    lines.write('c\n');
    expect(calls).toEqual([]);
    await turn();
    expect(calls).toEqual(['write a\nb\nc\n']);
    lines.write('d\n');
    await turn();
    expect(calls).toEqual(['write a\nb\nc\n', 'write d\n']);
    await turn();
    expect(calls).toHaveLength(2);
  });

  it('hands waiting lines over before a flush, so a stopping process loses none', async () => {
    const { calls, out } = recorder();
    const lines = new TurnBatchedLines(out);
    lines.write('x\n');
    let flushed = false;
    lines.flush(() => (flushed = true));
    expect(flushed).toBe(true);
    lines.write('y\n');
    lines.flushSync();
    expect(calls).toEqual(['write x\n', 'flush', 'write y\n', 'flushSync']);
    await turn();
    expect(calls).toHaveLength(4);
  });
});
