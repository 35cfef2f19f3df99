import { InfoPage } from '../components/info-page.tsx';

export function CommunityGuidelinesPage() {
  return (
    <InfoPage
      name="guidelines"
      actions={[{ to: '/report', label: 'info.safety.reportAction', primary: true }]}
      blocks={['respect', 'prohibited', 'live', 'fairPlay', 'enforcement']}
    />
  );
}
