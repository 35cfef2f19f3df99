import {
  paiseToRupees,
  type AdvertiserAccount,
  type AdvertiserAccountCreate,
  type AdvertiserDashboard,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, conflict, idempotencyMismatch, notFound } from '../../http/errors.ts';

import { newId } from '../../lib/ids.ts';
import { balanceOf, earnedByRef, openAccount, transfer } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { presentAccount } from './advertisers.presenter.ts';
import * as repo from './advertisers.repository.ts';
import type { AdvertisersTable } from './advertisers.tables.ts';
import { paymentProviderFor } from './payment-provider.ts';
import { writeTransaction } from '../../db/group-commit.ts';

export const NO_ADVERTISER_ACCOUNT = 'No advertiser account';
/** Ledger kind of an ad charge (campaign → clearing); a campaign's spend is the sum of these. */
export const AD_CHARGE = 'ad_charge';

/** The signed-in user's advertiser account; 404 when there is none (the dashboard then offers to create one). */
export async function requireAdvertiser(db: Executor, user: UsersTable): Promise<AdvertisersTable> {
  const row = await repo.findAdvertiserByUser(db, user.id);
  if (!row) throw notFound(NO_ADVERTISER_ACCOUNT, { code: 'no_advertiser_account' });
  return row;
}

/** One advertiser account per user, with its rupee balance account. */
export async function createAccount(
  ctx: AppContext,
  user: UsersTable,
  input: AdvertiserAccountCreate,
): Promise<AdvertiserAccount> {
  const at = ctx.clock.now().toISOString();
  const row: AdvertisersTable = {
    id: newId(),
    user_id: user.id,
    company_name: input.company_name,
    contact_email: input.contact_email,
    contact_phone: input.contact_phone ?? null,
    account_status: 'active',
    verification_status: 'pending',
    created_at: at,
    updated_at: at,
  };
  await writeTransaction(ctx.db, async (trx) => {
    if (!(await repo.insertAdvertiser(trx, row)))
      throw conflict('You already have an advertiser account', { code: 'advertiser_account_exists' });
    await openAccount(trx, RupeeAccount.advertiser(row.id), 'INR');
  });
  return presentAccount(row, 0);
}

/** The advertiser dashboard: the account and a summary computed from campaigns and the ledger. */
export async function dashboard(ctx: AppContext, user: UsersTable): Promise<AdvertiserDashboard> {
  const advertiser = await requireAdvertiser(ctx.db, user);
  const [balance, campaigns] = await Promise.all([
    balanceOf(ctx.db, RupeeAccount.advertiser(advertiser.id)),
    repo.listCampaigns(ctx.db, advertiser.id),
  ]);
  const spent = await earnedByRef(
    ctx.db,
    [AD_CHARGE],
    campaigns.map((c) => c.id),
  );
  const impressions = campaigns.reduce((sum, c) => sum + Number(c.impressions), 0);
  const clicks = campaigns.reduce((sum, c) => sum + Number(c.clicks), 0);
  const totalSpent = [...spent.values()].reduce((a, b) => a + b, 0);
  return {
    account: presentAccount(advertiser, balance),
    summary: {
      account_balance: paiseToRupees(balance),
      active_campaigns: campaigns.filter((c) => c.status === 'active').length,
      total_views: impressions,
      avg_ctr: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0,
      total_campaigns: campaigns.length,
      total_spent: paiseToRupees(totalSpent),
      total_impressions: impressions,
      total_clicks: clicks,
    },
  };
}

/**
 * Adds funds: the payment provider takes the money first (outside any transaction: it is another
 * company's system), then the payment is recorded and credited in one transaction. A retried
 * request with the same idempotency key is charged once and credited once; the key sent again with
 * another amount is refused (409), never answered with the first payment as if it were this one.
 */
export async function addFunds(
  ctx: AppContext,
  user: UsersTable,
  paise: number,
  idempotencyKey: string,
): Promise<{
  account_balance: number;
  transaction: { id: string; amount: number; provider: string; created_at: string };
}> {
  const advertiser = await requireAdvertiser(ctx.db, user);
  const provider = paymentProviderFor(ctx.config);
  const payment = await provider.charge({
    amount: paise,
    description: `Tarang ads: ${advertiser.company_name}`,
    idempotencyKey: `funds:${advertiser.id}:${idempotencyKey}`,
  });
  if (payment.status !== 'succeeded') throw badRequest(payment.reason, { code: payment.code ?? 'payment_declined' });

  const at = ctx.clock.now().toISOString();
  const funds = {
    id: newId(16),
    advertiser_id: advertiser.id,
    amount: paise,
    provider: provider.name,
    provider_ref: payment.reference,
    created_at: at,
  };
  const recorded = await writeTransaction(ctx.db, async (trx) => {
    if (!(await repo.insertFunds(trx, funds))) {
      const first = (await repo.findFundsByProviderRef(trx, provider.name, payment.reference))!;
      if (Number(first.amount) !== paise || first.advertiser_id !== advertiser.id)
        throw idempotencyMismatch('This idempotency key was already used to add a different amount');
      return first;
    }
    await transfer(
      {
        from: RupeeAccount.gateway,
        to: RupeeAccount.advertiser(advertiser.id),
        amount: paise,
        currency: 'INR',
        kind: 'advertiser_deposit',
        ref: funds.id,
        idempotencyKey: `deposit:${provider.name}:${payment.reference}`,
      },
      trx,
    );
    return funds;
  });
  const balance = await balanceOf(ctx.db, RupeeAccount.advertiser(advertiser.id));
  return {
    account_balance: paiseToRupees(balance),
    transaction: {
      id: recorded.id,
      amount: paiseToRupees(Number(recorded.amount)),
      provider: recorded.provider,
      created_at: recorded.created_at,
    },
  };
}
