import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PurchaseStatus } from '@betoch/contracts/payments';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { purchases, type PurchaseRow } from '../../db/schema/purchases.ts';

/** The states a confirmed payment may still move out of to `paid` (never `paid` or `mismatch`). */
export const PAYABLE_STATUSES: PurchaseStatus[] = ['pending', 'failed', 'cancelled', 'expired'];

export async function findPurchaseByTxRef(db: DbOrTx, txRef: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.txRef, txRef)).limit(1);
  return row;
}

export async function findPurchaseById(db: DbOrTx, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id)).limit(1);
  return row;
}

/**
 * Marks a purchase paid when it is still in one of `from`; true when this call did it. Under
 * PostgreSQL a racing call waits on the row and then finds it paid: only one caller grants.
 */
export async function markPaid(db: DbOrTx, id: string, providerRef: string | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set({ status: 'paid', providerRef, paidAt: now, updatedAt: now, statusReason: null })
    .where(and(eq(purchases.id, id), inArray(purchases.status, PAYABLE_STATUSES)))
    .returning({ id: purchases.id });
  return rows.length === 1;
}

/** Moves a purchase to another state only from one of `from` (a paid purchase never moves). */
export async function markStatus(
  db: DbOrTx,
  id: string,
  status: Exclude<PurchaseStatus, 'paid'>,
  reason: string,
  from: PurchaseStatus[],
  now: Date,
  providerRef?: string | null,
): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set({ status, statusReason: reason, updatedAt: now, ...(providerRef ? { providerRef } : {}) })
    .where(and(eq(purchases.id, id), inArray(purchases.status, from)))
    .returning({ id: purchases.id });
  return rows.length === 1;
}

/** Pending checkout purchases created before `before`, oldest first. */
export async function listPendingBefore(db: DbOrTx, before: Date, limit: number): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.status, 'pending'), lt(purchases.createdAt, before)))
    .orderBy(purchases.createdAt)
    .limit(limit);
}

/** Runs fn holding a transaction-scoped PostgreSQL advisory try-lock; null when another holds it. */
export async function withAdvisoryTryLock<T>(db: DbOrTx, key: number, fn: () => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${key}) AS locked`);
    if (!row?.locked) return null;
    return fn();
  });
}
