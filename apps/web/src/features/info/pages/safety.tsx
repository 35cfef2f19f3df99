import { InfoPage } from '../components/info-page.tsx';

export function SafetyPage() {
  return (
    <InfoPage
      name="safety"
      actions={[
        { to: '/report', label: 'info.safety.reportAction', primary: true },
        { to: '/emergency-contact', label: 'info.support.actions.emergency' },
      ]}
      blocks={['emergency', 'account', 'scams', 'sharing', 'report', 'young']}
    />
  );
}
