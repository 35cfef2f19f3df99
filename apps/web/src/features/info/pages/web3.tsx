import { InfoPage } from '../components/info-page.tsx';
import { RewardTable } from '../components/reward-table.tsx';
import { REWARD_VALUES } from '../lib/reward-values.ts';

/**
 * Section ids match the old guide addresses that redirect here (/wallet-guide, /token-economics,
 * /earn-tokens, /decentralization, /ipfs-info), so #wallet-guide and friends land on the right part.
 */
export function Web3Page() {
  return (
    <InfoPage
      name="web3"
      values={REWARD_VALUES}
      actions={[{ to: '/login', label: 'wallet.connect', primary: true }]}
      blocks={[
        'walletGuide',
        'walletSetup',
        'tokenEconomics',
        { id: 'earnTokens', content: <RewardTable /> },
        'decentralization',
        'ipfsInfo',
      ]}
    />
  );
}
