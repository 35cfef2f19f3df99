import { REWARD_VALUES } from '../lib/reward-values.ts';
import { InfoTable } from './info-table.tsx';

const ROWS = ['welcome', 'upload', 'view', 'like', 'clip', 'clipLike', 'live', 'tip'];

/** What each activity pays, in tokens (shared texts under info.rewards). */
export function RewardTable() {
  return <InfoTable base="info.rewards" columns={['activity', 'reward', 'who']} rows={ROWS} values={REWARD_VALUES} />;
}
