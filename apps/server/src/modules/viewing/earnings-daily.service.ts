import type { EarningsDaily, EarningsDay } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { fillDays, startOfUtcDay, utcDaysUntil } from '../../lib/daily-series.ts';
import { entriesPerDay } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { EarningKind, type RewardCategory } from './rewards.service.ts';

const CATEGORIES = Object.keys(EarningKind) as RewardCategory[];
const CATEGORY_OF = new Map(CATEGORIES.map((c) => [EarningKind[c], c]));

/** The caller's viewer earnings on each of the last `days` UTC days, in paise per category, from the ledger. */
export async function earningsDaily(ctx: AppContext, user: UsersTable, days: number): Promise<EarningsDaily> {
  const range = utcDaysUntil(ctx.clock.now(), days);
  const rows = await entriesPerDay(
    ctx.db,
    { credit: RupeeAccount.earnings(user.id), kinds: Object.values(EarningKind) },
    startOfUtcDay(range[0]!),
  );
  const series = Object.fromEntries(CATEGORIES.map((c) => [c, new Map<string, number>()])) as Record<
    RewardCategory,
    Map<string, number>
  >;
  for (const r of rows) series[CATEGORY_OF.get(r.kind)!].set(r.day, r.total);
  return { days: fillDays(range, series) as EarningsDay[] };
}
