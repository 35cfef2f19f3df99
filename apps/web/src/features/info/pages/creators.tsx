import { CardGrid } from '../components/card-grid.tsx';
import { InfoPage } from '../components/info-page.tsx';
import { RewardTable } from '../components/reward-table.tsx';
import { REWARD_VALUES } from '../lib/reward-values.ts';

const TOOLS = [
  { id: 'dashboard', to: '/creator-dashboard', icon: '▤' },
  { id: 'live', to: '/go-live', icon: '●' },
  { id: 'clips', to: '/clip-creator', icon: '✂' },
  { id: 'profile', to: '/profile', icon: '☺' },
];

export function CreatorsPage() {
  return (
    <InfoPage
      name="creators"
      values={REWARD_VALUES}
      actions={[
        { to: '/upload', label: 'sidebar.upload', primary: true },
        { to: '/creator-dashboard', label: 'sidebar.creatorDashboard' },
      ]}
      blocks={[
        'start',
        { id: 'rewards', content: <RewardTable /> },
        { id: 'tools', content: <CardGrid base="info.creators.tools" cards={TOOLS} /> },
        'quality',
        'support',
      ]}
    />
  );
}
