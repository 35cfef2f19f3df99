import type { Executor } from '../../db/database.ts';
import { conflict, insufficientFunds } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import * as repo from './ledger.repository.ts';

/** System accounts. The mint may go negative: it is where every reward comes from. */
export const SystemAccount = { mint: 'system:mint' } as const;

export const userAccountId = (userId: string): string => `user:${userId}`;

export interface TransferInput {
  from: string;
  to: string;
  /** micro-tokens, a positive safe integer */
  amount: number;
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

/**
 * Moves tokens between two accounts as one double-entry row plus two balance updates, inside the
 * caller's transaction. Throws `insufficientFunds` (400) when the payer's balance is short, and the
 * caller's transaction then rolls back whatever else it did.
 */
export async function transfer(input: TransferInput, trx: Executor): Promise<TransferResult> {
  const { from, to, amount, kind, idempotencyKey } = input;
  const ref = input.ref ?? null;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new LedgerError(`Invalid transfer amount ${amount}`);
  if (from === to) throw new LedgerError('A transfer needs two different accounts');

  const entry = { id: newId(16), idempotency_key: idempotencyKey, debit_account_id: from, credit_account_id: to, amount, kind, ref, created_at: nowIso() };
  if (!(await repo.insertEntryOnce(trx, entry))) {
    const existing = await repo.findEntryByKey(trx, idempotencyKey);
    const same =
      existing &&
      existing.debit_account_id === from &&
      existing.credit_account_id === to &&
      Number(existing.amount) === amount &&
      existing.kind === kind &&
      (existing.ref ?? null) === ref;
    if (!same) throw conflict('This request was already used for a different transfer');
    return { entryId: existing.id, replayed: true };
  }

  // Touch the two rows in id order, so two opposite transfers cannot deadlock on PostgreSQL.
  const steps: Array<() => Promise<void>> = [
    async () => {
      if (!(await repo.debit(trx, from, amount))) {
        if ((await repo.getBalance(trx, from)) === undefined) throw new LedgerError(`No ledger account ${from}`);
        throw insufficientFunds();
      }
    },
    async () => {
      if (!(await repo.credit(trx, to, amount))) throw new LedgerError(`No ledger account ${to}`);
    },
  ];
  if (to < from) steps.reverse();
  for (const step of steps) await step();
  return { entryId: entry.id, replayed: false };
}

export async function balanceOf(db: Executor, accountId: string): Promise<number> {
  return (await repo.getBalance(db, accountId)) ?? 0;
}

export const openUserAccount = (trx: Executor, userId: string): Promise<void> =>
  repo.createUserAccount(trx, userAccountId(userId), userId);

/** Micro-tokens an account was credited by entries of these kinds (since a time, when given). */
export const creditedTo = (db: Executor, accountId: string, kinds: string[], since?: string): Promise<number> =>
  repo.sumCredited(db, accountId, kinds, since);

/** Micro-tokens earned per thing (video, clip, stream), derived from the ledger and nothing else. */
export const earnedByRef = (db: Executor, kinds: string[], refs: string[]): Promise<Map<string, number>> =>
  repo.sumCreditedByRef(db, kinds, refs);
