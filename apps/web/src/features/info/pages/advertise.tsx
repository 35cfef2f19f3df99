import { AdDurations, AdPackages, SpendSplit } from '../components/ad-packages.tsx';
import { InfoPage } from '../components/info-page.tsx';
import { MIN_ADD_FUNDS_RUPEES } from '../lib/advertising.ts';

export function AdvertisePage() {
  return (
    <InfoPage
      name="advertise"
      values={{ minFunds: MIN_ADD_FUNDS_RUPEES }}
      actions={[
        { to: '/advertiser', label: 'info.advertise.dashboard', primary: true },
        { to: '/contact', label: 'info.advertise.sales' },
      ]}
      blocks={[
        { id: 'packages', content: <AdPackages /> },
        { id: 'durations', content: <AdDurations /> },
        'how',
        { id: 'split', content: <SpendSplit /> },
        'rules',
      ]}
    />
  );
}
