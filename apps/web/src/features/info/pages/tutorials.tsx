import { InfoPage } from '../components/info-page.tsx';
import { REWARD_VALUES } from '../lib/reward-values.ts';

export function TutorialsPage() {
  return (
    <InfoPage
      name="tutorials"
      values={REWARD_VALUES}
      blocks={['wallet', 'email', 'upload', 'tip', 'follow', 'language', 'help', 'live', 'dashboard']}
    />
  );
}
