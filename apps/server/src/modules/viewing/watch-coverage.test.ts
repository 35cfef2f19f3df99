import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addRange, applyBeat, coveredMs, qualifies, type SessionProgress } from './watch-coverage.ts';

const start = (durationMs: number): SessionProgress => ({
  durationMs,
  positionMs: 0,
  lastBeatAtMs: 0,
  watchedMs: 0,
  covered: [],
});

describe('watch coverage', () => {
  it('credits real-time forward progress', () => {
    let p = start(60_000);
    p = applyBeat(p, { positionMs: 10_000, atMs: 10_000, active: true });
    p = applyBeat(p, { positionMs: 20_000, atMs: 20_200, active: true });
    expect([p.watchedMs, coveredMs(p.covered)]).toEqual([20_000, 20_000]);
  });

  it('never credits more than the time that passed: a forged position earns only the elapsed time', () => {
    const p = applyBeat(start(60_000), { positionMs: 60_000, atMs: 2_000, active: true });
    expect([p.watchedMs, p.covered]).toEqual([2_000, [[58_000, 60_000]]]);
    expect(qualifies(p)).toBe(false);
  });

  it('credits nothing while inactive, backwards or standing still, and caps a long gap', () => {
    let p = applyBeat(start(600_000), { positionMs: 50_000, atMs: 60_000, active: false });
    expect(p.watchedMs).toBe(0);
    p = applyBeat(p, { positionMs: 40_000, atMs: 70_000, active: true });
    expect(p.watchedMs).toBe(0);
    p = applyBeat(p, { positionMs: 140_000, atMs: 300_000, active: true }); // 230 s later, 100 s further
    expect(p.watchedMs).toBe(30_000);
  });

  it('counts a re-watched part once toward the share watched', () => {
    let p = start(20_000);
    p = applyBeat(p, { positionMs: 10_000, atMs: 10_000, active: true });
    p = applyBeat(p, { positionMs: 0, atMs: 10_500, active: true });
    p = applyBeat(p, { positionMs: 10_000, atMs: 20_500, active: true });
    expect([p.watchedMs, coveredMs(p.covered), qualifies(p)]).toEqual([20_000, 10_000, false]);
    p = applyBeat(p, { positionMs: 15_000, atMs: 25_500, active: true });
    expect([coveredMs(p.covered), qualifies(p)]).toEqual([15_000, true]);
  });

  it('merges ranges', () => {
    expect(
      addRange(
        [
          [0, 5],
          [10, 15],
        ],
        [4, 11],
      ),
    ).toEqual([[0, 15]]);
    expect(addRange([[10, 15]], [0, 5])).toEqual([
      [0, 5],
      [10, 15],
    ]);
  });

  it('property: whatever a player reports, credit never exceeds the wall-clock time that passed, nor the video', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 3_600_000 }),
        fc.array(
          fc.record({
            positionMs: fc.integer({ min: -10_000, max: 4_000_000 }),
            gapMs: fc.integer({ min: 0, max: 120_000 }),
            active: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (duration, beats) => {
          let p = start(duration);
          let now = 0;
          for (const b of beats) {
            now += b.gapMs;
            p = applyBeat(p, { positionMs: b.positionMs, atMs: now, active: b.active });
            expect(p.watchedMs).toBeLessThanOrEqual(now);
            expect(coveredMs(p.covered)).toBeLessThanOrEqual(Math.min(now, duration));
          }
        },
      ),
    );
  });
});
