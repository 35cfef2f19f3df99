import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { wrongPassword } from '../../http/errors.ts';

/** An account change is confirmed with the current password when the account has one (a wallet-only one has none). */
export async function confirmPassword(ctx: AppContext, user: UsersTable, password: string | undefined): Promise<void> {
  if (user.password_hash === null) return;
  if (!password || !(await ctx.passwords.verify(password, user.password_hash))) throw wrongPassword();
}
