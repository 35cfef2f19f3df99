import {
  EarningsRules,
  formatRupees,
  isStaff,
  paiseToRupees,
  type Payout,
  type PayoutRequest,
  type PayoutStatus,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { AppError, adminRequired, badRequest, conflict, forbidden, notFound, ownPayout } from '../../http/errors.ts';

import { newId } from '../../lib/ids.ts';
import { balanceOf, openAccount, transfer } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { notify } from '../notifications/notifications.service.ts';
import { maskDetails, sealDetails } from './payout-details.ts';
import * as repo from './payouts.repository.ts';
import { writeTransaction } from '../../db/group-commit.ts';

export const PAYOUT_NOT_FOUND = 'Payout not found';
export const PAYOUT_STAFF_ONLY = 'Only staff can manage payouts';
export const PAYOUT_OWN = 'Another staff member must decide your own payout';

function presentPayout(row: repo.PayoutRow, withOwner: boolean): Payout {
  return {
    id: row.id,
    amount: paiseToRupees(Number(row.amount)),
    payout_method: row.method,
    bank_details: JSON.parse(row.details_masked) as Record<string, string>,
    status: row.status,
    created_at: row.created_at,
    decided_at: row.decided_at,
    note: row.note,
    ...(withOwner ? { username: row.username } : {}),
  };
}

/**
 * Moves all unpaid earnings into a pending payout, in one transaction: the conditional debit of the
 * earnings account lets exactly one of any number of simultaneous requests through. The bank or
 * UPI details are stored sealed; only a masked copy is ever shown or logged.
 */
export async function requestPayout(ctx: AppContext, user: UsersTable, input: PayoutRequest): Promise<Payout> {
  const id = newId(16);
  const at = ctx.clock.now().toISOString();
  const masked = maskDetails(input);
  const sealed = sealDetails(ctx.secrets, id, user.id, input.bank_details);
  const earnings = RupeeAccount.earnings(user.id);
  await writeTransaction(ctx.db, async (trx) => {
    await openAccount(trx, earnings, 'INR');
    const unpaid = await balanceOf(trx, earnings);
    if (unpaid < EarningsRules.payoutThreshold) {
      const [threshold, earned] = [formatRupees(EarningsRules.payoutThreshold), formatRupees(unpaid)];
      throw badRequest(`Payouts start at ${threshold} of monthly earnings; you have ${earned}`, {
        code: 'payout_below_threshold',
        params: { threshold, earned },
      });
    }
    try {
      await transfer(
        {
          from: earnings,
          to: RupeeAccount.payoutsPending,
          amount: unpaid,
          currency: 'INR',
          kind: 'payout_requested',
          ref: id,
          idempotencyKey: `payout:${id}`,
        },
        trx,
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 'insufficient_funds')
        throw conflict('A payout of these earnings was just requested', { code: 'payout_already_requested' });
      throw err;
    }
    await repo.insertPayout(trx, {
      id,
      user_id: user.id,
      amount: unpaid,
      method: input.payout_method,
      details_sealed: sealed,
      details_masked: JSON.stringify(masked),
      status: 'pending',
      note: null,
      created_at: at,
      decided_at: null,
      decided_by: null,
    });
  });
  ctx.logger.info({ payoutId: id, userId: user.id, method: input.payout_method, details: masked }, 'payout requested');
  return presentPayout((await repo.findPayout(ctx.db, id))!, false);
}

/** Staff see every payout (optionally by status); everyone else their own. */
export async function listPayouts(ctx: AppContext, user: UsersTable, status?: PayoutStatus): Promise<Payout[]> {
  const staff = isStaff(user.role);
  const rows = await repo.listPayouts(ctx.db, { userId: staff ? undefined : user.id, status });
  return rows.map((r) => presentPayout(r, staff));
}

/**
 * Staff mark a pending payout paid (the money leaves through the gateway) or rejected (it returns
 * to the viewer's unpaid earnings). A payout is decided once, never by the person it pays (even a
 * rejection, which could be undone by asking again, is a decision on one's own money), and one
 * above PAYOUT_ADMIN_ABOVE_RUPEES only by an admin.
 */
export async function decidePayout(
  ctx: AppContext,
  staff: UsersTable,
  id: string,
  decision: { status: 'paid' | 'rejected'; note?: string },
): Promise<Payout> {
  if (!isStaff(staff.role)) throw forbidden(PAYOUT_STAFF_ONLY, { code: 'staff_only' });
  const at = ctx.clock.now().toISOString();
  const payee = await writeTransaction(ctx.db, async (trx) => {
    const row = await repo.findPayout(trx, id);
    if (!row) throw notFound(PAYOUT_NOT_FOUND, { code: 'payout_not_found' });
    if (row.user_id === staff.id) throw ownPayout(PAYOUT_OWN);
    if (Number(row.amount) > ctx.config.payoutAdminAbovePaise && staff.role !== 'admin') {
      throw adminRequired(`Payouts above ${formatRupees(ctx.config.payoutAdminAbovePaise)} are decided by an admin`);
    }
    if (
      !(await repo.decidePayout(trx, id, {
        status: decision.status,
        note: decision.note ?? null,
        decided_at: at,
        decided_by: staff.id,
      }))
    ) {
      throw conflict('This payout was already decided', { code: 'payout_already_decided' });
    }
    const to = decision.status === 'paid' ? RupeeAccount.gateway : RupeeAccount.earnings(row.user_id);
    const kind = decision.status === 'paid' ? 'payout_paid' : 'payout_returned';
    await transfer(
      {
        from: RupeeAccount.payoutsPending,
        to,
        amount: Number(row.amount),
        currency: 'INR',
        kind,
        ref: id,
        idempotencyKey: `${kind}:${id}`,
      },
      trx,
    );
    return { userId: row.user_id, amount: Number(row.amount) };
  });
  ctx.logger.info({ payoutId: id, staffId: staff.id, status: decision.status }, 'payout decided');
  await notify(
    ctx,
    payee.userId,
    {
      kind: 'payout_decided',
      payload: { payout_id: id, status: decision.status, amount: payee.amount },
    },
    { once: `payout:${id}` },
  );
  return presentPayout((await repo.findPayout(ctx.db, id))!, true);
}
