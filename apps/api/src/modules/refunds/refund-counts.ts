import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refundClaims, type RefundClaimRow } from '../../db/schema/refunds.ts';

/**
 * What other modules read of refund claims: the claims of a user's unlocks (the unlock list) and
 * the approved claims against a poster (the trust score).
 */

/** The user's claims by unlock id. */
export async function claimsOfUnlocks(db: DbOrTx, unlockIds: string[]): Promise<Map<string, RefundClaimRow>> {
  if (unlockIds.length === 0) return new Map();
  const rows = await db.select().from(refundClaims).where(inArray(refundClaims.unlockId, unlockIds));
  return new Map(rows.map((r) => [r.unlockId, r]));
}

/** Approved claims against each poster (for the trust score). */
export async function approvedRefundCounts(db: DbOrTx, posterIds: string[]): Promise<Map<string, number>> {
  if (posterIds.length === 0) return new Map();
  const rows = await db
    .select({ posterId: refundClaims.posterId, n: sql<number>`count(*)::int` })
    .from(refundClaims)
    .where(and(inArray(refundClaims.posterId, posterIds), eq(refundClaims.status, 'approved')))
    .groupBy(refundClaims.posterId);
  return new Map(rows.map((r) => [r.posterId, Number(r.n)]));
}
