import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/**
 * Adds one to an address's counter for the day unless it has reached `limit`; true when it did.
 * One conditional upsert: concurrent events from one address can never pass the limit together.
 */
export async function takeSlot(
  db: Executor,
  addressKey: string,
  day: string,
  counter: string,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const row = await db
    .insertInto('address_daily_counters')
    .values({ address_key: addressKey, day, counter, value: 1 })
    .onConflict((oc) =>
      oc
        .columns(['address_key', 'day', 'counter'])
        .doUpdateSet({ value: sql`address_daily_counters.value + 1` })
        .where('address_daily_counters.value', '<', limit),
    )
    .returning('value')
    .executeTakeFirst();
  return row !== undefined;
}
