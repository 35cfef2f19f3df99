import type { Executor } from '../../db/database.ts';
import { utcDay } from '../../lib/clock.ts';
import { takeSlot } from './address-caps.repository.ts';

/**
 * Per-address daily caps on paid events. A client can rotate its User-Agent, cookies and anonymous
 * identity for free, but not its address (an IPv6 /64 counts as one): whatever pays or charges for
 * an anonymous event is bounded per address and day. Call it inside the transaction that pays, so a
 * refused payment does not use up a slot.
 */
export const withinAddressCap = (
  trx: Executor,
  addressKey: string,
  counter: string,
  limit: number,
  at: Date,
): Promise<boolean> => takeSlot(trx, addressKey, utcDay(at), counter, limit);
