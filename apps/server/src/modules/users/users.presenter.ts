import { microToTokens, type User } from '@app/shared';
import type { UsersTable } from '../../db/schema.ts';

/** users row + ledger balance -> the API's user. Never exposes the password hash. */
export function presentUser(row: UsersTable, balanceMicro: number): User {
  return {
    id: row.id,
    username: row.username,
    email: row.deleted_at === null ? row.email : null,
    email_verified: row.email !== null && row.email_verified_at !== null,
    total_tokens: microToTokens(balanceMicro),
    created_at: row.created_at,
    wallet_address: row.wallet_address,
    role: row.role,
  };
}
