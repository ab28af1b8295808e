import { and, eq } from 'drizzle-orm';
import type { Sku } from '@betoch/contracts/constants';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys, purchases } from '../../db/schema/purchases.ts';

export interface NewPurchase {
  id: string;
  userId: string;
  sku: Sku;
  priceEtb: number;
  provider: string;
  providerRef: string | null;
  txRef: string;
  returnPath: string | null;
  status: 'pending' | 'paid';
  createdAt: Date;
  paidAt?: Date;
  idempotencyKey: string | null;
}

export async function insertPurchase(db: DbOrTx, purchase: NewPurchase): Promise<void> {
  await db.insert(purchases).values({ ...purchase, updatedAt: purchase.createdAt });
}

export async function setCheckoutUrl(db: DbOrTx, purchaseId: string, checkoutUrl: string): Promise<void> {
  await db.update(purchases).set({ checkoutUrl }).where(eq(purchases.id, purchaseId));
}

/** Drops a purchase the gateway never opened a checkout for (nothing could ever be paid on it). */
export async function deleteUnopenedPurchase(db: DbOrTx, purchaseId: string): Promise<void> {
  await db.delete(purchases).where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')));
}

export async function listPurchases(db: DbOrTx, userId: string) {
  return db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(purchases.createdAt);
}

export interface StoredKey {
  fingerprint: string;
  answer: unknown;
}

export async function findIdempotencyKey(db: DbOrTx, userId: string, scope: string, key: string): Promise<StoredKey | undefined> {
  const [row] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/**
 * Takes the key inside the caller's transaction. True when this call holds it now; false when
 * another call already committed it. On PostgreSQL a call racing one still in flight waits on the
 * unique key until that one commits (then false) or rolls back (then true).
 */
export async function claimIdempotencyKey(db: DbOrTx, userId: string, scope: string, key: string, fingerprint: string): Promise<boolean> {
  const inserted = await db.insert(idempotencyKeys).values({ userId, scope, key, fingerprint }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

/** Frees a key whose call failed before it had an answer, so the same key may try again. */
export async function releaseIdempotencyKey(db: DbOrTx, userId: string, scope: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

export async function saveIdempotentAnswer(db: DbOrTx, userId: string, scope: string, key: string, answer: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ answer })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}
