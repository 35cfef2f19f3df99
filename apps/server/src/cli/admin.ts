import { EmailSchema, Roles, isStaff, type Role } from '@app/shared';
import { pino } from 'pino';
import { getAddress, isAddress } from 'viem';
import { loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import type { UsersTable } from '../db/schema.ts';
import * as users from '../modules/users/users.repository.ts';
import { grantRole } from '../modules/users/users.service.ts';
import { announceSessionsChanged } from '../modules/sessions/session-cache.ts';

const STAFF_ROLES = Roles.filter((r) => isStaff(r));

const USAGE = `Usage:
  npm run admin -- grant <wallet address | email> <${STAFF_ROLES.join('|')}>
  npm run admin -- revoke <wallet address | email>
  npm run admin -- list

grant gives a signed-up user a staff role (they must have signed up first), revoke makes them a plain
user again, list shows every staff account.`;

type Command = { name: 'grant'; who: string; role: Role } | { name: 'revoke'; who: string } | { name: 'list' };

/** Reads the arguments strictly: anything unexpected (an extra word, an unknown role) is refused, not ignored. */
function parse(args: string[]): Command | undefined {
  const [name, who, role, ...rest] = args;
  if (rest.length > 0) return undefined;
  if (name === 'grant' && who && role && (STAFF_ROLES as readonly string[]).includes(role))
    return { name, who, role: role as Role };
  if (name === 'revoke' && who && role === undefined) return { name, who };
  if (name === 'list' && who === undefined) return { name };
  return undefined;
}

/** A user by wallet address (any case) or email; anything else is refused before touching the database. */
async function findUser(db: Db, who: string): Promise<UsersTable | undefined | 'invalid'> {
  if (isAddress(who, { strict: false })) return users.findByWallet(db, getAddress(who.toLowerCase()));
  const email = EmailSchema.safeParse(who);
  return email.success ? users.findByEmail(db, email.data) : 'invalid';
}

const describe = (u: UsersTable) => `${u.username} (${u.wallet_address ?? u.email})`;

async function run(db: Db, config: Config, command: Command): Promise<number> {
  if (command.name === 'list') {
    for (const u of await users.listStaff(db)) console.log(`${u.role}\t${describe(u)}`);
    return 0;
  }
  const user = await findUser(db, command.who);
  if (user === 'invalid') {
    console.error(`"${command.who}" is neither a wallet address nor an email.\n\n${USAGE}`);
    return 2;
  }
  if (!user) {
    // No grant waits for a future sign-up: whoever first registers an unverified address would get it.
    console.error(`No user with ${command.who}. They must sign up first, then run this again.`);
    return 1;
  }
  const role: Role = command.name === 'grant' ? command.role : 'user';
  await grantRole(db, user.id, role);
  await announceSessionsChanged(config.redisUrl, config.redisPrefix, pino({ level: 'warn' }));
  console.log(`${describe(user)} was ${user.role} and is now ${role}.`);
  const listed =
    (user.wallet_address && config.adminWallets.includes(user.wallet_address.toLowerCase())) ||
    (user.email && config.adminEmails.includes(user.email));
  if (command.name === 'revoke' && listed) {
    console.warn(
      'Warning: this account is in ADMIN_WALLETS or ADMIN_EMAILS and becomes admin again at its next sign-in; remove it there too.',
    );
  }
  return 0;
}

async function main(args: string[]): Promise<number> {
  const command = parse(args);
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const { db, close } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    return await run(db, config, command);
  } finally {
    await close();
  }
}

process.exitCode = await main(process.argv.slice(2));
