import { describe, expect, it } from 'vitest';
import { liveRewardMicro } from './rewards.ts';

describe('liveRewardMicro', () => {
  it('pays 2 tokens per whole minute with a minimum of 10', () => {
    expect(liveRewardMicro(0)).toBe(10_000_000);
    expect(liveRewardMicro(299)).toBe(10_000_000);
    expect(liveRewardMicro(360)).toBe(12_000_000);
    expect(liveRewardMicro(3600)).toBe(120_000_000);
  });
});
