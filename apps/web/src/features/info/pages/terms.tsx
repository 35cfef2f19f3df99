import { InfoPage } from '../components/info-page.tsx';

const PAYOUT_THRESHOLD_RUPEES = 5000; // the payout threshold the earnings page states

export function TermsPage() {
  return (
    <InfoPage
      name="terms"
      values={{ threshold: PAYOUT_THRESHOLD_RUPEES }}
      blocks={['who', 'account', 'content', 'tokens', 'conduct', 'enforcement', 'warranty', 'changes']}
    />
  );
}
