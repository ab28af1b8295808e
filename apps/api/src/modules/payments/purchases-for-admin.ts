import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PurchaseStatus } from '@betoch/contracts/payments';
import type { DbOrTx } from '../../db/client.ts';
import { purchases, type PurchaseRow } from '../../db/schema/purchases.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Purchases as the admin pages and metrics read them: the list and one purchase with the buyer's
 * phone, and the payment mismatches behind the metrics alert.
 */

export interface AdminPurchaseFilter {
  status?: PurchaseStatus;
  provider?: string;
  from?: Date;
  to?: Date;
  limit: number;
}

export type AdminPurchaseRow = PurchaseRow & { phone: string };

/** Purchases with the buyer's phone, newest first. */
export async function listPurchasesForAdmin(db: DbOrTx, f: AdminPurchaseFilter): Promise<AdminPurchaseRow[]> {
  const where: SQL[] = [];
  if (f.status) where.push(eq(purchases.status, f.status));
  if (f.provider) where.push(eq(purchases.provider, f.provider));
  if (f.from) where.push(gte(purchases.createdAt, f.from));
  if (f.to) where.push(lt(purchases.createdAt, f.to));
  const rows = await db
    .select({ purchase: purchases, phone: users.phone })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(f.limit);
  return rows.map((r) => ({ ...r.purchase, phone: r.phone }));
}

export async function findPurchaseForAdmin(db: DbOrTx, id: string): Promise<AdminPurchaseRow | undefined> {
  const [row] = await db
    .select({ purchase: purchases, phone: users.phone })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(eq(purchases.id, id))
    .limit(1);
  return row ? { ...row.purchase, phone: row.phone } : undefined;
}

/** Purchases that went to `mismatch` since `since` (the Metrics & Alerts tab raises an alert). */
export async function mismatchesSince(db: DbOrTx, since: Date): Promise<Array<{ txRef: string | null; priceEtb: number; reason: string | null }>> {
  return db
    .select({ txRef: purchases.txRef, priceEtb: purchases.priceEtb, reason: purchases.statusReason })
    .from(purchases)
    .where(and(eq(purchases.status, 'mismatch'), gte(purchases.updatedAt, since)))
    .orderBy(desc(purchases.updatedAt))
    .limit(50);
}
