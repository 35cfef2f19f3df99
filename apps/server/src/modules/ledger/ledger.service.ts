import type { Executor } from '../../db/database.ts';
import type { Currency, LedgerAccountKind } from '../../db/schema.ts';
import { idempotencyMismatch, insufficientFunds } from '../../http/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import * as repo from './ledger.repository.ts';
import { systemClock } from '../../lib/clock.ts';

/** System accounts. The mint may go negative: it is where every reward comes from. */
export const SystemAccount = { mint: 'system:mint' } as const;

export const userAccountId = (userId: string): string => `user:${userId}`;

export interface TransferInput {
  from: string;
  to: string;
  /** a positive safe integer in the currency's smallest unit: micro-tokens or paise */
  amount: number;
  /** both accounts must hold this currency (default TOKEN): money never changes currency in a transfer */
  currency?: Currency;
  /** what the movement is for: welcome, upload_reward, tip, … */
  kind: string;
  /** the thing it concerns (a video id, a stream id, …) */
  ref?: string | null;
  /** the same key never moves money twice; a replay returns the first result */
  idempotencyKey: string;
}

export interface TransferResult {
  entryId: string;
  replayed: boolean;
}

export class LedgerError extends Error {}

type LedgerEntry = NonNullable<Awaited<ReturnType<typeof repo.findEntryByKey>>>;

/**
 * Moves money between two accounts of the same currency as one double-entry row plus two balance
 * updates, inside the caller's transaction. Throws `insufficientFunds` (400) when the payer's
 * balance is short, and a LedgerError when an account is missing or holds another currency; the
 * caller's transaction then rolls back whatever else it did. A key used before for the same
 * movement returns the first result; for a different one, `idempotency_mismatch` (409).
 */
export function transfer(input: TransferInput, trx: Executor): Promise<TransferResult> {
  const ref = input.ref ?? null;
  return move(
    input,
    trx,
    (e) => sameMovement(e, input) && (e.ref ?? null) === ref && Number(e.amount) === input.amount,
  );
}

/**
 * Pays a reward whose key says what may be paid only once (e.g. one upload reward per creator and
 * content): a second call with the key pays nothing and reports `replayed`, even when it concerns
 * another thing (the same bytes uploaded again as a new video).
 */
export function transferOnce(input: TransferInput, trx: Executor): Promise<TransferResult> {
  return move(input, trx, (e) => sameMovement(e, input));
}

const sameMovement = (e: LedgerEntry, input: TransferInput): boolean =>
  e.debit_account_id === input.from &&
  e.credit_account_id === input.to &&
  e.currency === (input.currency ?? 'TOKEN') &&
  e.kind === input.kind;

async function move(
  input: TransferInput,
  trx: Executor,
  isReplay: (existing: LedgerEntry) => boolean,
): Promise<TransferResult> {
  const { from, to, amount, kind, idempotencyKey } = input;
  const ref = input.ref ?? null;
  const currency = input.currency ?? 'TOKEN';
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new LedgerError(`Invalid transfer amount ${amount}`);
  if (from === to) throw new LedgerError('A transfer needs two different accounts');

  const entry = {
    id: newOrderedId(),
    idempotency_key: idempotencyKey,
    debit_account_id: from,
    credit_account_id: to,
    amount,
    currency,
    kind,
    ref,
    created_at: systemClock.iso(),
  };
  if (!(await repo.insertEntryOnce(trx, entry))) {
    const existing = await repo.findEntryByKey(trx, idempotencyKey);
    if (!existing || !isReplay(existing)) throw idempotencyMismatch();
    return { entryId: existing.id, replayed: true };
  }

  // Touch the two rows in id order, so two opposite transfers cannot deadlock on PostgreSQL.
  // The currency is part of both conditional updates: a row of another currency is never touched.
  // The mint issues tokens and may go below zero: its debit cannot be refused, and waits for the
  // end of the transaction with the other hot counters.
  const steps: Array<() => Promise<void>> = [
    async () => {
      if (from === SystemAccount.mint && currency === 'TOKEN') return repo.debitIssuerLater(trx, from, amount);
      if (!(await repo.debit(trx, from, currency, amount))) {
        await explainRefusal(trx, from, currency);
        throw currency === 'TOKEN' ? insufficientFunds() : insufficientFunds('Insufficient balance');
      }
    },
    async () => {
      if (!(await repo.credit(trx, to, currency, amount))) {
        await explainRefusal(trx, to, currency);
        throw new LedgerError(`Account ${to} could not be credited`);
      }
    },
  ];
  if (to < from) steps.reverse();
  for (const step of steps) await step();
  await repo.countInRefTotals(trx, entry);
  return { entryId: entry.id, replayed: false };
}

/** Throws the reason an account refused an update when it is not a short balance. */
async function explainRefusal(trx: Executor, accountId: string, currency: Currency): Promise<void> {
  const account = await repo.findAccount(trx, accountId);
  if (!account) throw new LedgerError(`No ledger account ${accountId}`);
  if (account.currency !== currency)
    throw new LedgerError(
      `Account ${accountId} holds ${account.currency}, not ${currency}: transfers never change currency`,
    );
}

export async function balanceOf(db: Executor, accountId: string): Promise<number> {
  return (await repo.getBalance(db, accountId)) ?? 0;
}

/** Balances of many accounts at once (0 for an account that does not exist). */
export async function balancesOf(db: Executor, accountIds: string[]): Promise<Map<string, number>> {
  const found = await repo.getBalances(db, accountIds);
  return new Map(accountIds.map((id) => [id, found.get(id) ?? 0]));
}

export const openUserAccount = (trx: Executor, userId: string): Promise<void> =>
  repo.createAccount(trx, { id: userAccountId(userId), kind: 'user', currency: 'TOKEN', userId });

/**
 * Opens an account unless it exists. `holder` accounts (kind 'user' in SQL) can never go below zero;
 * `system` accounts are the issuing side (mint, payment gateway) and may. Reward pools are system
 * accounts marked `pool` by their migration, which SQL keeps at or above zero.
 */
export const openAccount = (
  trx: Executor,
  id: string,
  currency: Currency,
  kind: LedgerAccountKind = 'user',
): Promise<void> => repo.createAccount(trx, { id, kind, currency });

/** Locks accounts in a fixed order before a transaction moves money between several of them. */
export const lockAccounts = (trx: Executor, accountIds: string[]): Promise<void> => repo.lockAccounts(trx, accountIds);

/** Micro-tokens an account was credited by entries of these kinds (since a time, when given). */
export const creditedTo = (db: Executor, accountId: string, kinds: string[], since?: string): Promise<number> =>
  repo.sumCredited(db, accountId, kinds, since);

/** Micro-tokens earned per thing (video, clip, stream), derived from the ledger and nothing else. */
export const earnedByRef = (db: Executor, kinds: string[], refs: string[]): Promise<Map<string, number>> =>
  repo.sumCreditedByRef(db, kinds, refs);

/** What one account was credited per kind, since a time when given. */
export const creditedByKind = (db: Executor, accountId: string, since?: string): Promise<Map<string, number>> =>
  repo.sumCreditedByKind(db, accountId, since);

/** The latest payments of one kind a user-held account received, newest first, with who paid. */
export const latestCreditsOfKind = (db: Executor, accountId: string, kind: string, limit: number) =>
  repo.latestCreditsOfKind(db, accountId, kind, limit);

/** Micro-tokens ever moved by entries of these kinds (e.g. what all streams earned), for `refs` when given. */
export const totalOfKinds = (db: Executor, kinds: string[], refs?: repo.RefQuery): Promise<number> =>
  repo.sumOfKinds(db, kinds, refs);

/** Entries per UTC day and kind since a time, as counts and sums (the dashboards' charts). */
export const entriesPerDay = (db: Executor, filter: repo.PerDayFilter, since: string) =>
  repo.entriesPerDay(db, filter, since);
