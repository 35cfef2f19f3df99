import { CardGrid } from '../components/card-grid.tsx';
import { DisclosureList } from '../components/disclosure-list.tsx';
import { InfoPage } from '../components/info-page.tsx';
import { InfoTable } from '../components/info-table.tsx';
import { REWARD_VALUES } from '../lib/reward-values.ts';

const CHANNELS = [
  { id: 'help', to: '/help', icon: '?' },
  { id: 'contact', to: '/contact', icon: '✉' },
  { id: 'creators', to: '/creator-support', icon: '★' },
  { id: 'report', to: '/report', icon: '⚑' },
];
const TOPICS = ['upload', 'earn', 'guidelines', 'live', 'wallet'];
const TIMES = ['tickets', 'creators', 'payments', 'security'];
const MORE = [
  { id: 'tutorials', to: '/tutorials', icon: '☰' },
  { id: 'community', to: '/community', icon: '☺' },
  { id: 'developers', to: '/developers', icon: '⌘' },
];

export function SupportPage() {
  return (
    <InfoPage
      name="support"
      values={REWARD_VALUES}
      actions={[
        { to: '/help?tab=create', label: 'info.support.actions.ticket', primary: true },
        { to: '/feedback', label: 'info.support.actions.feedback' },
        { to: '/feature-requests', label: 'info.support.actions.feature' },
        { to: '/emergency-contact', label: 'info.support.actions.emergency' },
      ]}
      blocks={[
        { id: 'channels', content: <CardGrid base="info.support.channels" cards={CHANNELS} /> },
        { id: 'topics', content: <DisclosureList base="info.support.topics" ids={TOPICS} values={REWARD_VALUES} /> },
        { id: 'times', content: <InfoTable base="info.support.times" columns={['topic', 'target']} rows={TIMES} /> },
        { id: 'more', content: <CardGrid base="info.support.more" cards={MORE} /> },
      ]}
    />
  );
}
