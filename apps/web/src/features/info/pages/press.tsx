import { InfoPage } from '../components/info-page.tsx';

export function PressPage() {
  return (
    <InfoPage
      name="press"
      actions={[{ to: '/contact', label: 'info.press.ask', primary: true }]}
      blocks={['facts', 'contact', 'naming', 'resources']}
    />
  );
}
