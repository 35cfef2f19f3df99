import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { unsealDetails } from '../modules/viewing/payout-details.ts';
import { findSealedPayout } from '../modules/viewing/payouts.repository.ts';
import { loadSecrets } from '../secrets.ts';

const USAGE = `Usage: npm run payouts -w apps/server -- show <payout id>

Prints the bank or UPI details of a payout, unsealed, so an operator can send the money; then mark
it paid in the API (PUT /api/viewing/payouts/{id}). The details are never shown by the API itself.`;

async function main(args: string[]): Promise<number> {
  const [command, id] = args;
  if (command !== 'show' || !id) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const secrets = loadSecrets(config.dataDir, config.appSecret);
  const { db, close } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const row = await findSealedPayout(db, id);
    if (!row) {
      console.error(`No payout ${id}.`);
      return 1;
    }
    const details = unsealDetails(secrets, row.id, row.user_id, row.details_sealed);
    console.log(
      JSON.stringify(
        { id: row.id, status: row.status, method: row.method, amount_paise: Number(row.amount), details },
        null,
        2,
      ),
    );
    return 0;
  } finally {
    await close();
  }
}

process.exitCode = await main(process.argv.slice(2));
