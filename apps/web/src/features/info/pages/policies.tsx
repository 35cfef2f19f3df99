import { CardGrid } from '../components/card-grid.tsx';
import { InfoPage } from '../components/info-page.tsx';

const POLICIES = [
  { id: 'privacy', to: '/privacy', icon: '◎' },
  { id: 'terms', to: '/terms', icon: '⚖' },
  { id: 'guidelines', to: '/community-guidelines', icon: '♥' },
  { id: 'copyright', to: '/copyright', icon: '©' },
  { id: 'safety', to: '/safety', icon: '⚠' },
];

export function PoliciesPage() {
  return (
    <InfoPage
      name="policies"
      blocks={[
        { id: 'overview', content: <CardGrid base="info.policies.overview" cards={POLICIES} /> },
        'principles',
        'report',
      ]}
    />
  );
}
