import { Rewards, VideoLimits, microToTokens } from '@app/shared';

/** The numbers the information texts quote, from the same constants the server pays by. */
export const REWARD_VALUES = {
  welcome: microToTokens(Rewards.welcome),
  upload: microToTokens(Rewards.upload),
  view: microToTokens(Rewards.view),
  like: microToTokens(Rewards.like),
  clip: microToTokens(Rewards.clipCreate),
  clipLike: microToTokens(Rewards.clipLike),
  livePerMinute: microToTokens(Rewards.livePerMinute),
  liveMinimum: microToTokens(Rewards.liveMinimum),
  maxMb: Math.round(VideoLimits.maxFileBytes / 1024 / 1024),
};
