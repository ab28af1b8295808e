import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { listings, type ListingRow } from '../../db/schema/listings.ts';
import { refundClaims, type RefundClaimRow } from '../../db/schema/refunds.ts';
import { contactUnlocks } from '../../db/schema/unlocks.ts';
import { users } from '../../db/schema/users.ts';

export interface UnlockForClaim {
  id: string;
  userId: string;
  listingId: string;
  usedCredit: boolean;
  createdAt: Date;
  posterId: string;
}

/** The unlock with its listing's poster; undefined when it is not the user's (or does not exist). */
export async function findUnlockOfUser(db: DbOrTx, unlockId: string, userId: string): Promise<UnlockForClaim | undefined> {
  const [row] = await db
    .select({
      id: contactUnlocks.id,
      userId: contactUnlocks.userId,
      listingId: contactUnlocks.listingId,
      usedCredit: contactUnlocks.usedCredit,
      createdAt: contactUnlocks.createdAt,
      posterId: listings.posterId,
    })
    .from(contactUnlocks)
    .innerJoin(listings, eq(listings.id, contactUnlocks.listingId))
    .where(and(eq(contactUnlocks.id, unlockId), eq(contactUnlocks.userId, userId)))
    .limit(1);
  return row;
}

export interface ListingMarketState {
  id: string;
  visibility: ListingRow['visibility'];
  adminHidden: boolean;
}

/**
 * Locks the listing row for the rest of the transaction (FOR NO KEY UPDATE, so rows that point at the listing, such as a new claim, never wait on it): claims on a listing, and a
 * listing leaving the market (rented, hidden), run one at a time. Always taken before the wallet lock.
 */
export async function lockListingForClaims(db: DbOrTx, listingId: string): Promise<ListingMarketState | undefined> {
  const [row] = await db
    .select({ id: listings.id, visibility: listings.visibility, adminHidden: listings.adminHidden })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('no key update');
  return row;
}

export async function findClaimOfUnlock(db: DbOrTx, unlockId: string): Promise<RefundClaimRow | undefined> {
  const [row] = await db.select().from(refundClaims).where(eq(refundClaims.unlockId, unlockId)).limit(1);
  return row;
}

/** Claims of the user since a date that count against the limit: approved ones and those still waiting. */
export async function countCountingClaimsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refundClaims)
    .where(and(eq(refundClaims.userId, userId), ne(refundClaims.status, 'rejected'), gte(refundClaims.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function insertClaim(
  db: DbOrTx,
  claim: Pick<RefundClaimRow, 'unlockId' | 'userId' | 'listingId' | 'posterId' | 'reason' | 'createdAt'>,
): Promise<RefundClaimRow | undefined> {
  const [row] = await db.insert(refundClaims).values(claim).onConflictDoNothing({ target: refundClaims.unlockId }).returning();
  return row;
}

/** Other tenants' claims on the listing made since a date that are not rejected. */
export async function otherClaimsOnListingSince(db: DbOrTx, listingId: string, exceptUserId: string, since: Date): Promise<RefundClaimRow[]> {
  return db
    .select()
    .from(refundClaims)
    .where(
      and(
        eq(refundClaims.listingId, listingId),
        ne(refundClaims.userId, exceptUserId),
        ne(refundClaims.status, 'rejected'),
        gte(refundClaims.createdAt, since),
      ),
    )
    .orderBy(asc(refundClaims.createdAt));
}

/** Pending claims on the listing made since a date, oldest first. */
export async function pendingClaimsOnListingSince(db: DbOrTx, listingId: string, since: Date): Promise<RefundClaimRow[]> {
  return db
    .select()
    .from(refundClaims)
    .where(and(eq(refundClaims.listingId, listingId), eq(refundClaims.status, 'pending'), gte(refundClaims.createdAt, since)))
    .orderBy(asc(refundClaims.createdAt));
}

export async function findClaim(db: DbOrTx, id: string): Promise<RefundClaimRow | undefined> {
  const [row] = await db.select().from(refundClaims).where(eq(refundClaims.id, id)).limit(1);
  return row;
}

/** Locks a claim row; undefined when it does not exist. */
export async function lockClaim(db: DbOrTx, id: string): Promise<RefundClaimRow | undefined> {
  const [row] = await db.select().from(refundClaims).where(eq(refundClaims.id, id)).for('no key update');
  return row;
}

export async function decideClaim(
  db: DbOrTx,
  id: string,
  decision: { status: 'approved' | 'rejected'; cause: RefundClaimRow['cause']; reviewerId: string | null; note: string | null; at: Date },
): Promise<RefundClaimRow> {
  const [row] = await db
    .update(refundClaims)
    .set({ status: decision.status, cause: decision.cause, reviewerId: decision.reviewerId, note: decision.note, decidedAt: decision.at })
    .where(eq(refundClaims.id, id))
    .returning();
  if (!row) throw new Error('refund claim vanished while deciding');
  return row;
}

export interface AdminClaimRow {
  claim: RefundClaimRow;
  tenantPhone: string;
  posterPhone: string;
  listingTitle: string;
  listingPriceEtb: number;
  unlockedAt: Date;
  reviewerPhone: string | null;
}

const tenant = alias(users, 'tenant');
const poster = alias(users, 'poster');
const reviewer = alias(users, 'reviewer');

function adminClaimQuery(db: DbOrTx) {
  return db
    .select({
      claim: refundClaims,
      tenantPhone: tenant.phone,
      posterPhone: poster.phone,
      listingTitle: listings.title,
      listingPriceEtb: listings.priceEtb,
      unlockedAt: contactUnlocks.createdAt,
      reviewerPhone: reviewer.phone,
    })
    .from(refundClaims)
    .innerJoin(tenant, eq(tenant.id, refundClaims.userId))
    .innerJoin(poster, eq(poster.id, refundClaims.posterId))
    .innerJoin(listings, eq(listings.id, refundClaims.listingId))
    .innerJoin(contactUnlocks, eq(contactUnlocks.id, refundClaims.unlockId))
    .leftJoin(reviewer, eq(reviewer.id, refundClaims.reviewerId));
}

/** Claims by status for the admin: waiting ones oldest first, decided ones newest first. */
export async function listClaimsForAdmin(db: DbOrTx, status: RefundClaimRow['status'], limit = 100): Promise<AdminClaimRow[]> {
  return adminClaimQuery(db)
    .where(eq(refundClaims.status, status))
    .orderBy(status === 'pending' ? asc(refundClaims.createdAt) : desc(refundClaims.decidedAt), asc(refundClaims.id))
    .limit(limit);
}

export async function findClaimForAdmin(db: DbOrTx, id: string): Promise<AdminClaimRow | undefined> {
  const [row] = await adminClaimQuery(db).where(eq(refundClaims.id, id)).limit(1);
  return row;
}
