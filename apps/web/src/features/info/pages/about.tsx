import { CardGrid } from '../components/card-grid.tsx';
import { InfoPage } from '../components/info-page.tsx';

const AUDIENCES = [
  { id: 'viewers', to: '/', icon: '▶' },
  { id: 'creators', to: '/creators', icon: '✎' },
  { id: 'advertisers', to: '/advertise', icon: '✦' },
  { id: 'staff', to: '/support', icon: '☎' },
];

export function AboutPage() {
  return (
    <InfoPage
      name="about"
      actions={[
        { to: '/', label: 'info.about.watch', primary: true },
        { to: '/login', label: 'common.signIn' },
        { to: '/creators', label: 'pages.creators' },
      ]}
      blocks={[
        'what',
        { id: 'audiences', content: <CardGrid base="info.about.audiences" cards={AUDIENCES} /> },
        'how',
        'openSource',
      ]}
    />
  );
}
