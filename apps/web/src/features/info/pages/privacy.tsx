import { InfoPage } from '../components/info-page.tsx';
import { InfoTable } from '../components/info-table.tsx';

/** One row per kind of record the server keeps (see db/schema.ts and the modules' tables). */
const STORED = [
  'account',
  'password',
  'sessions',
  'emailLinks',
  'challenges',
  'videos',
  'views',
  'social',
  'ledger',
  'tickets',
  'logs',
  'rateLimits',
];
const SESSION_DAYS = 30; // the server's default SESSION_TTL_DAYS

export function PrivacyPage() {
  return (
    <InfoPage
      name="privacy"
      values={{ days: SESSION_DAYS }}
      blocks={[
        'summary',
        {
          id: 'stored',
          content: (
            <InfoTable
              base="info.privacy.stored"
              columns={['data', 'what', 'why']}
              rows={STORED}
              values={{ days: SESSION_DAYS }}
            />
          ),
        },
        'browser',
        'public',
        'sharing',
        'choices',
        'children',
        'changes',
      ]}
    />
  );
}
