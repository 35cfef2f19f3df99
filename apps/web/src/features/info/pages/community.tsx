import { CardGrid } from '../components/card-grid.tsx';
import { InfoPage } from '../components/info-page.tsx';

const PLACES = [
  { id: 'live', to: '/live', icon: '●' },
  { id: 'follow', to: '/subscriptions', icon: '+' },
  { id: 'clips', to: '/clips', icon: '✂' },
  { id: 'help', to: '/help', icon: '?' },
];

export function CommunityPage() {
  return (
    <InfoPage
      name="community"
      blocks={[
        { id: 'places', content: <CardGrid base="info.community.places" cards={PLACES} /> },
        'chat',
        'contribute',
        'rules',
      ]}
    />
  );
}
