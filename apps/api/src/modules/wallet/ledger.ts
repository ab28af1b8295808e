import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerEntries, walletAccounts } from '../../db/schema/wallet.ts';
import { AppError } from '../../lib/app-error.ts';
import { BALANCE_COLUMNS } from './wallet-balance.ts';
import type { ErrorCode } from '@betoch/contracts/errors';
import { PUBLISH_POST_CREDIT_COST } from '@betoch/contracts/constants';

export type BalanceAccount = 'credits' | 'post_credits';
export type PlanAccount = 'tenant_unlimited_days' | 'delala_unlimited_days';

export interface LedgerRef {
  /** Why the balance moves: purchase, contact_unlock, reply_unlock, publish, adjustment, ... */
  kind: string;
  refType?: string;
  refId?: string;
}

export interface LockedAccount {
  userId: string;
  credits: number;
  postCredits: number;
  tenantUnlimitedUntil: Date | null;
  delalaUnlimitedUntil: Date | null;
}

/**
 * Locks the user's wallet row for the rest of the transaction (FOR NO KEY UPDATE: rows that only point at it, such as ledger rows, may still be written), creating it when
 * missing. Every balance change goes through this lock, so parallel spends serialise here.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<LockedAccount> {
  await tx.insert(walletAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({ userId: walletAccounts.userId, ...BALANCE_COLUMNS })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId))
    .for('no key update');
  if (!row) throw new Error('wallet account missing after insert');
  return row;
}

/**
 * Moves a balance by delta and appends the ledger row that explains it, in the caller's
 * transaction. A change that would take the balance below zero throws `insufficientCode`.
 * Returns the new balance.
 */
export async function changeBalance(
  tx: Tx,
  account: LockedAccount,
  which: BalanceAccount,
  delta: number,
  ref: LedgerRef,
  insufficientCode: ErrorCode = which === 'credits' ? 'insufficient_credits' : 'insufficient_post_credits',
): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`invalid ledger delta ${delta}`);
  const current = which === 'credits' ? account.credits : account.postCredits;
  const next = current + delta;
  if (next < 0) throw new AppError(insufficientCode);
  const column = which === 'credits' ? walletAccounts.credits : walletAccounts.postCredits;
  await tx
    .update(walletAccounts)
    .set(
      which === 'credits' ? { credits: sql`${column} + ${delta}`, updatedAt: sql`now()` } : { postCredits: sql`${column} + ${delta}`, updatedAt: sql`now()` },
    )
    .where(eq(walletAccounts.userId, account.userId));
  await tx.insert(ledgerEntries).values({
    userId: account.userId,
    account: which,
    delta,
    balanceAfter: next,
    kind: ref.kind,
    refType: ref.refType,
    refId: ref.refId,
  });
  if (which === 'credits') account.credits = next;
  else account.postCredits = next;
  return next;
}

/**
 * Extends (positive days) or shortens (negative days) a plan, from the later of now and the
 * current end date, and records the days in the ledger. Returns the new end date.
 */
export async function extendPlan(tx: Tx, account: LockedAccount, plan: PlanAccount, days: number, now: Date, ref: LedgerRef): Promise<Date> {
  if (!Number.isInteger(days) || days === 0) throw new Error(`invalid plan days ${days}`);
  const current = plan === 'tenant_unlimited_days' ? account.tenantUnlimitedUntil : account.delalaUnlimitedUntil;
  const base = current && current > now ? current : now;
  const until = new Date(base.getTime() + days * 24 * 3600 * 1000);
  if (plan === 'tenant_unlimited_days') {
    await tx
      .update(walletAccounts)
      .set({ tenantUnlimitedUntil: until, updatedAt: sql`now()` })
      .where(eq(walletAccounts.userId, account.userId));
    account.tenantUnlimitedUntil = until;
  } else {
    await tx
      .update(walletAccounts)
      .set({ delalaUnlimitedUntil: until, updatedAt: sql`now()` })
      .where(eq(walletAccounts.userId, account.userId));
    account.delalaUnlimitedUntil = until;
  }
  await tx.insert(ledgerEntries).values({
    userId: account.userId,
    account: plan,
    delta: days,
    planUntil: until,
    kind: ref.kind,
    refType: ref.refType,
    refId: ref.refId,
  });
  return until;
}

export function planActive(until: Date | null, now: Date): boolean {
  return until !== null && until > now;
}

/**
 * A broker's publish: free while the unlimited plan is active (no ledger row: nothing moves),
 * otherwise PUBLISH_POST_CREDIT_COST post credits in the caller's transaction (402 insufficient_post_credits at 0).
 */
export async function spendPostCreditForPublish(
  tx: Tx,
  userId: string,
  listingId: string,
  now: Date,
): Promise<{ postCredits: number; coveredByPlan: boolean }> {
  const account = await lockAccount(tx, userId);
  if (planActive(account.delalaUnlimitedUntil, now)) return { postCredits: account.postCredits, coveredByPlan: true };
  const postCredits = await changeBalance(tx, account, 'post_credits', -PUBLISH_POST_CREDIT_COST, { kind: 'publish', refType: 'listing', refId: listingId });
  return { postCredits, coveredByPlan: false };
}
