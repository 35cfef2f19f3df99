import type { AppContext } from '../../context.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import { deleteUserEmailTokens } from '../auth/email-tokens.repository.ts';
import { ALL_PURPOSES } from '../auth/email-tokens.service.ts';
import { deleteFollowsOf } from '../follows/follows.repository.ts';
import { deleteNotificationsOf } from '../notifications/notifications.repository.ts';
import { revokeAllSessions } from '../sessions/sessions.service.ts';
import { forgetContactEmails } from '../tickets/tickets.repository.ts';
import { anonymiseUser } from './users.repository.ts';

/**
 * Deletes the account as the privacy page says: its name becomes a random "deleted-…" one; its
 * email address, password hash, wallet address and role go; so do its sessions, mailed links,
 * follows (both ways) and the contact addresses on its tickets. Ledger entries stay (they keep every
 * balance exact), and so does what was published, under the new name. The person confirms by typing
 * the username, and the password when the account has one.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UsersTable,
  input: { username: string; password?: string | undefined },
): Promise<void> {
  if (input.username !== user.username)
    throw badRequest('Type your username exactly to confirm', {
      code: 'username_confirmation_mismatch',
      field: 'username',
    });
  await confirmPassword(ctx, user, input.password);
  const at = ctx.clock.iso();
  await writeTransaction(ctx.db, async (trx) => {
    await anonymiseUser(trx, user.id, `deleted-${newId(10).toLowerCase()}`, at);
    await revokeAllSessions(trx, user.id);
    await deleteUserEmailTokens(trx, user.id, ALL_PURPOSES);
    await deleteFollowsOf(trx, user.id);
    await deleteNotificationsOf(trx, user.id);
    await forgetContactEmails(trx, user.id, at);
  });
}
