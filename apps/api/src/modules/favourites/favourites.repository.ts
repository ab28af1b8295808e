import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { favourites } from '../../db/schema/favourites.ts';
import { listings } from '../../db/schema/listings.ts';
import { publiclyVisible, publiclyVisibleConditions } from '../listings/listing-visibility.ts';
import { CARD_COLUMNS, type BrowseRow } from '../listings/listing-rows.ts';

/** Saves a listing for a user; saving it again changes nothing (not even the date). */
export async function insertFavourite(db: DbOrTx, userId: string, listingId: string, now: Date): Promise<void> {
  await db.insert(favourites).values({ userId, listingId, createdAt: now }).onConflictDoNothing();
}

export async function deleteFavourite(db: DbOrTx, userId: string, listingId: string): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)));
}

/** The ids of every listing the user saved, newest saved first. */
export async function favouriteIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: favourites.listingId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.listingId));
  return rows.map((r) => r.id);
}

export interface FavouriteListingRow extends BrowseRow {
  savedAt: Date;
  /** Everyone can see it now: live, not hidden, its poster in good standing. */
  available: boolean;
}

/** The user's saved listings with what a card shows, newest saved first. */
export async function favouriteListings(db: DbOrTx, userId: string, now: Date): Promise<FavouriteListingRow[]> {
  const rows = await db
    .select({
      ...CARD_COLUMNS,
      savedAt: favourites.createdAt,
      available: sql<boolean>`(${publiclyVisible(now)})`,
    })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.listingId));
  return rows.map((r) => ({ ...r, available: Boolean(r.available) }));
}

/** Whether everyone can see the listing now (only such a listing can be saved). */
export async function isPubliclyVisible(db: DbOrTx, listingId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), ...publiclyVisibleConditions(now)));
  return Boolean(row);
}

/**
 * 'A home you saved is no longer available': one notification (kind 'saved_listing_gone') for each
 * person who saved the listing, its poster left out. Leaving again (republished, then rented)
 * notifies again: the row is dated anew and unread. Answers the people notified.
 */
export async function notifySaversListingGone(db: DbOrTx, listingId: string, at: Date): Promise<string[]> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`INSERT INTO notifications (user_id, listing_id, kind, created_at)
        SELECT f.user_id, f.listing_id, 'saved_listing_gone', ${at.toISOString()}::timestamptz
          FROM favourites f JOIN listings l ON l.id = f.listing_id
         WHERE f.listing_id = ${listingId} AND f.user_id <> l.poster_id
        ON CONFLICT (user_id, listing_id, kind) DO UPDATE SET created_at = EXCLUDED.created_at, read_at = NULL
        RETURNING user_id`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Resolves once no transaction holds the listing's row for a change: the one that took it off the
 * market has committed or rolled back. (Outside any transaction: PostgreSQL waits on the row lock
 * that change holds; the embedded database runs one transaction at a time, so it waits for it anyway.)
 */
export async function listingChangeEnded(db: DbOrTx, listingId: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM listings WHERE id = ${listingId} FOR SHARE`);
}
