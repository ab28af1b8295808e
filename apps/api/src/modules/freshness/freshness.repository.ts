import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { listingAvailabilityAsks, listingConfirmTokens, type ListingConfirmTokenRow } from '../../db/schema/freshness.ts';
import { listings, type ListingRow } from '../../db/schema/listings.ts';
import { users } from '../../db/schema/users.ts';

/** A live listing the periodic job asks about, with where the question goes. */
export interface DueListing {
  id: string;
  title: string;
  posterId: string;
  posterPhone: string;
}

const dueColumns = { id: listings.id, title: listings.title, posterId: listings.posterId, posterPhone: users.phone };
const BATCH = 200;

/** Availability confirmed now: the 14-day question starts over. */
export async function setConfirmed(db: DbOrTx, id: string, now: Date): Promise<ListingRow | undefined> {
  const [row] = await db.update(listings).set({ confirmedAt: now, confirmAskedAt: null }).where(eq(listings.id, id)).returning();
  return row;
}

/** Live listings unconfirmed since `before` and not asked yet (the 14-day question). */
export async function listDueForQuestion(db: DbOrTx, before: Date): Promise<DueListing[]> {
  return db
    .select(dueColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.posterId))
    .where(and(eq(listings.visibility, 'live'), lte(listings.confirmedAt, before), isNull(listings.confirmAskedAt)))
    .limit(BATCH);
}

/** Marks the question as sent; false when another run sent it first (so it goes out once). */
export async function markQuestionSent(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(listings)
    .set({ confirmAskedAt: now })
    .where(and(eq(listings.id, id), eq(listings.visibility, 'live'), isNull(listings.confirmAskedAt)))
    .returning({ id: listings.id });
  return rows.length > 0;
}

/** Live listings unconfirmed since `before` (30 days): to expire. */
export async function listDueForExpiry(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.visibility, 'live'), lte(listings.confirmedAt, before)))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/**
 * Live listings with at least `asks` tenant asks since their last confirmation, the `asks`-th of
 * them made at or before `before` (the poster has had the time to answer and did not).
 */
export async function listDueForAskExpiry(db: DbOrTx, asks: number, before: Date): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    SELECT l.id FROM listings l
      JOIN listing_availability_asks a ON a.listing_id = l.id AND a.asked_at > coalesce(l.confirmed_at, '-infinity'::timestamptz)
     WHERE l.visibility = 'live'
     GROUP BY l.id
    HAVING count(*) >= ${asks} AND (array_agg(a.asked_at ORDER BY a.asked_at))[${asks}] <= ${before.toISOString()}::timestamptz
     LIMIT ${BATCH}`,
  );
  return rows.map((r) => r.id);
}

/** Takes a live listing out of the live set; undefined when it was not live. */
export async function setExpired(db: DbOrTx, id: string, now: Date, reason: 'unconfirmed' | 'tenant_asks'): Promise<ListingRow | undefined> {
  const [row] = await db
    .update(listings)
    .set({ visibility: 'expired', expiredAt: now, expiredReason: reason, confirmAskedAt: null, updatedAt: now })
    .where(and(eq(listings.id, id), eq(listings.visibility, 'live')))
    .returning();
  return row;
}

export async function insertConfirmToken(db: DbOrTx, tokenHash: string, listingId: string, now: Date, expiresAt: Date): Promise<void> {
  await db.insert(listingConfirmTokens).values({ tokenHash, listingId, createdAt: now, expiresAt });
}

/** The token's row while it still answers: unused and not expired. */
export async function findUsableToken(db: DbOrTx, tokenHash: string, now: Date): Promise<ListingConfirmTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(listingConfirmTokens)
    .where(and(eq(listingConfirmTokens.tokenHash, tokenHash), isNull(listingConfirmTokens.usedAt), gt(listingConfirmTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Spends the token (once: a second use, or a use racing this one, finds nothing). */
export async function useToken(db: DbOrTx, tokenHash: string, now: Date): Promise<ListingConfirmTokenRow | undefined> {
  const [row] = await db
    .update(listingConfirmTokens)
    .set({ usedAt: now })
    .where(and(eq(listingConfirmTokens.tokenHash, tokenHash), isNull(listingConfirmTokens.usedAt), gt(listingConfirmTokens.expiresAt, now)))
    .returning();
  return row;
}

/** Tokens past their expiry: nobody can use them, the rows go. */
export async function deleteExpiredTokens(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(listingConfirmTokens).where(lte(listingConfirmTokens.expiresAt, now)).returning({ h: listingConfirmTokens.tokenHash });
  return rows.length;
}

/** A tenant's ask; undefined when this tenant had asked about this listing before. */
export async function insertAsk(db: DbOrTx, listingId: string, tenantId: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .insert(listingAvailabilityAsks)
    .values({ listingId, tenantId, askedAt: now })
    .onConflictDoNothing()
    .returning({ askedAt: listingAvailabilityAsks.askedAt });
  return row?.askedAt;
}

export async function findAsk(db: DbOrTx, listingId: string, tenantId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ askedAt: listingAvailabilityAsks.askedAt })
    .from(listingAvailabilityAsks)
    .where(and(eq(listingAvailabilityAsks.listingId, listingId), eq(listingAvailabilityAsks.tenantId, tenantId)))
    .limit(1);
  return row?.askedAt;
}

/** Demo mode only (freshness-demo.routes.ts): when availability was last confirmed, as given. */
export async function backdateConfirmation(db: DbOrTx, id: string, confirmedAt: Date): Promise<void> {
  await db.update(listings).set({ confirmedAt, confirmAskedAt: null }).where(eq(listings.id, id));
}
