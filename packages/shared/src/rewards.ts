import { MICRO_PER_TOKEN } from './tokens.ts';

/** The token rewards the platform pays (upload, live, clips, likes, welcome), in micro-tokens. */
export const Rewards = {
  welcome: 100 * MICRO_PER_TOKEN,
  upload: 10 * MICRO_PER_TOKEN,
  view: MICRO_PER_TOKEN / 10,
  like: 1 * MICRO_PER_TOKEN,
  clipCreate: 5 * MICRO_PER_TOKEN,
  clipLike: MICRO_PER_TOKEN / 2,
  /** clips a user is paid clipCreate for per day (UTC): making a clip costs nothing, so its reward needs a bound */
  clipCreateDailyLimit: 10,
  livePerMinute: 2 * MICRO_PER_TOKEN,
  liveMinimum: 10 * MICRO_PER_TOKEN,
} as const;

/** What a stream earns its creator on stop: 2 tokens per whole live minute, at least 10. */
export const liveRewardMicro = (seconds: number): number =>
  Math.max(Rewards.liveMinimum, Math.floor(seconds / 60) * Rewards.livePerMinute);
