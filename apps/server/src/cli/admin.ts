import { Roles, type Role } from '@app/shared';
import { getAddress, isAddress } from 'viem';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import * as users from '../modules/users/users.repository.ts';
import { grantRole } from '../modules/users/users.service.ts';

const USAGE = `Usage: npm run admin -- grant <wallet address | email> <${Roles.join('|')}>

Gives a signed-up user a role. The user must have signed in once.`;

async function main(args: string[]): Promise<number> {
  const [command, who, role] = args;
  if (command !== 'grant' || !who || !role || !(Roles as readonly string[]).includes(role)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const { db, close } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const user = isAddress(who, { strict: false }) ? await users.findByWallet(db, getAddress(who.toLowerCase())) : await users.findByEmail(db, who);
    if (!user) {
      console.error(`No user with ${who}. They must sign in once first.`);
      return 1;
    }
    await grantRole(db, user.id, role as Role);
    console.log(`${user.username} (${who}) is now ${role}.`);
    return 0;
  } finally {
    await close();
  }
}

process.exitCode = await main(process.argv.slice(2));
