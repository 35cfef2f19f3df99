import { describe, expect, it } from 'vitest';
import { fromLocalInput, isDue, isMissed, isStartingSoon, scheduleBounds, toLocalInput } from './schedule-time.ts';

describe('schedule times', () => {
  it('round-trips a moment through the datetime-local value of this device', () => {
    const at = new Date(2026, 11, 5, 18, 30);
    expect(toLocalInput(at)).toBe('2026-12-05T18:30');
    expect(fromLocalInput('2026-12-05T18:30')).toBe(at.toISOString());
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('not a date')).toBe('');
  });

  it('bounds the input from the next minute to 90 days ahead', () => {
    const now = new Date(2026, 0, 1, 12, 0);
    expect(scheduleBounds(now)).toEqual({ min: '2026-01-01T12:01', max: '2026-04-01T12:00' });
  });

  it('says when a stream is starting soon, due or missed', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const at = (minutes: number) => ({ scheduled_for: new Date(now + minutes * 60_000).toISOString() });
    expect(isStartingSoon(at(5), now)).toBe(false);
    expect(isStartingSoon(at(-5), now)).toBe(true);
    expect(isDue(at(30), now)).toBe(true);
    expect(isDue(at(-30), now)).toBe(true);
    expect(isDue(at(120), now)).toBe(false);
    expect(isMissed(at(-30), now)).toBe(false);
    expect(isMissed(at(-61), now)).toBe(true);
    expect(isDue({ scheduled_for: null }, now)).toBe(false);
  });
});
