import type { Executor } from '../../db/database.ts';

/**
 * Takes one of the day's welcome bonuses of a client network if any is left. The row is made
 * first, then raised by one conditional UPDATE: of concurrent sign-ups (in any process) exactly as
 * many as the cap allows change it, since each waits for the other's row lock and checks again.
 */
export async function claimWelcomeBonus(trx: Executor, clientKey: string, day: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  await trx
    .insertInto('welcome_bonus_quota')
    .values({ client_key: clientKey, day, granted: 0 })
    .onConflict((oc) => oc.columns(['client_key', 'day']).doNothing())
    .execute();
  const raised = await trx
    .updateTable('welcome_bonus_quota')
    .set((eb) => ({ granted: eb('granted', '+', 1) }))
    .where('client_key', '=', clientKey)
    .where('day', '=', day)
    .where('granted', '<', cap)
    .executeTakeFirst();
  return Number(raised.numUpdatedRows) === 1;
}

/** Yesterday's counters are never read again. */
export async function forgetWelcomeBonusesBefore(db: Executor, day: string): Promise<void> {
  await db.deleteFrom('welcome_bonus_quota').where('day', '<', day).execute();
}
