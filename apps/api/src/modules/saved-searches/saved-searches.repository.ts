import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { savedSearches, type NewSavedSearchRow, type SavedSearchRow } from '../../db/schema/alerts.ts';
import { listings } from '../../db/schema/listings.ts';
import { users } from '../../db/schema/users.ts';
import { publiclyVisible } from '../listings/listing-visibility.ts';
import { filterColumnsOf, savedSearchMatchSql } from '../listings/listing-filter-sql.ts';

/** The listing `l` of these queries (an alias of listings). */
const L = alias(listings, 'l');

/**
 * When listing `l` matches saved search `s`, in SQL (the one definition, used by the alert matcher
 * and by the 'new since your last visit' counts): each filter the search keeps is either unset or
 * met, as browse applies it (both built from the contracts' one filter description,
 * listings/listing-filter-sql.ts); never the searcher's own listing.
 */
const MATCHES = sql`s.user_id <> l.poster_id AND ${savedSearchMatchSql(filterColumnsOf(L))}`;

/** The listing `l` of these queries is one everyone may see at `now`. */
function publicListing(now: Date): SQL {
  return publiclyVisible(now, L);
}

/** Locks the user row: saved searches of one person are created one at a time (the limit). */
export async function lockUser(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function countSavedSearches(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

export async function insertSavedSearch(db: DbOrTx, row: NewSavedSearchRow): Promise<SavedSearchRow> {
  const [inserted] = await db.insert(savedSearches).values(row).returning();
  return inserted!;
}

export async function findSavedSearch(db: DbOrTx, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return row;
}

export async function updateSavedSearch(db: DbOrTx, userId: string, id: string, patch: Partial<NewSavedSearchRow>): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set(patch)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedSearch(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length === 1;
}

export async function listSavedSearches(db: DbOrTx, userId: string): Promise<SavedSearchRow[]> {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

/**
 * For each of the user's saved searches, the public listings matching it that were published after
 * its last visit, counted up to `cap` (a LIMIT inside, so a broad search stops counting early).
 */
export async function countNewMatches(db: DbOrTx, userId: string, now: Date, cap: number): Promise<Map<string, number>> {
  const rows = await rowsOf<{ id: string; n: number | string }>(
    db,
    sql`SELECT s.id, (SELECT count(*) FROM (
              SELECT 1 FROM listings l
               WHERE ${publicListing(now)} AND l.published_at > s.last_visited_at AND ${MATCHES}
               LIMIT ${cap + 1}) AS found) AS n
          FROM saved_searches s WHERE s.user_id = ${userId}`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The ids of the public listings saved search `searchId` matches at `now` (what its alerts would name). */
export async function listingsMatchingSearch(db: DbOrTx, searchId: string, now: Date): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT l.id FROM listings l, saved_searches s WHERE s.id = ${searchId} AND ${publicListing(now)} AND ${MATCHES}`,
  );
  return rows.map((r) => r.id);
}

/** Turns the SMS digest off for every saved search of the person with this phone; answers how many. */
export async function stopSmsForPhone(db: DbOrTx, phone: string): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE saved_searches s SET sms = false FROM users u
         WHERE u.id = s.user_id AND u.phone = ${phone} AND s.sms = true RETURNING s.id`,
  );
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Matching a new listing (the queue the listings trigger fills, migration 0015).

export interface ListingToMatch {
  id: string;
  typeGroup: string;
  subcity: string;
  source: string;
}

/** Claims up to `limit` queued listings for this transaction; rows another worker holds are skipped. */
export async function claimQueued(tx: DbOrTx, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ listing_id: string }>(
    tx,
    // The listing is share-locked with its queue row, before any notification points at it: a
    // listing being deleted (its row locked) is skipped, never waited on while its queue row is held,
    // so a delete cascading to that queue row cannot deadlock with a drain.
    sql`SELECT q.listing_id FROM saved_search_match_queue q JOIN listings l ON l.id = q.listing_id
         WHERE q.done_at IS NULL
         ORDER BY q.queued_at LIMIT ${limit} FOR UPDATE OF q SKIP LOCKED FOR KEY SHARE OF l SKIP LOCKED`,
  );
  return rows.map((r) => r.listing_id);
}

export async function markQueuedDone(tx: DbOrTx, listingId: string, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE saved_search_match_queue SET done_at = ${now.toISOString()}::timestamptz WHERE listing_id = ${listingId}`);
}

/**
 * The listing's place in the queue given up while it waits (a matched one stays done): the trigger
 * queues it again if it goes live again, so it is matched then, once. Answers whether it waited.
 */
export async function unqueueWaiting(tx: DbOrTx, listingId: string): Promise<boolean> {
  const rows = await rowsOf<{ listing_id: string }>(
    tx,
    sql`DELETE FROM saved_search_match_queue WHERE listing_id = ${listingId} AND done_at IS NULL RETURNING listing_id`,
  );
  return rows.length === 1;
}

/** The listing when everyone may see it now; undefined for a draft, a hidden one, or one gone. */
export async function findPublicListingToMatch(db: DbOrTx, listingId: string, now: Date): Promise<ListingToMatch | undefined> {
  const [row] = await rowsOf<{ id: string; type_group: string; subcity: string; source: string }>(
    db,
    sql`SELECT l.id, l.type_group, l.subcity, l.source FROM listings l WHERE l.id = ${listingId} AND ${publicListing(now)}`,
  );
  return row ? { id: row.id, typeGroup: row.type_group, subcity: row.subcity, source: row.source } : undefined;
}

/** The 8 match keys a listing can meet: each of type group, subcity, source either its own or '*'. */
export function matchKeysOf(listing: Pick<ListingToMatch, 'typeGroup' | 'subcity' | 'source'>): string[] {
  const keys: string[] = [];
  for (const type of [listing.typeGroup, '*'])
    for (const subcity of [listing.subcity, '*']) for (const source of [listing.source, '*']) keys.push(`${type}|${subcity}|${source}`);
  return keys;
}

/**
 * The matching itself, in one statement: the saved searches with alerts on whose match key the
 * listing can meet (an index read, saved_searches_match_idx), the remaining filters checked on
 * those rows, one notification per person (their oldest matching search named), none twice.
 * Answers the people notified.
 */
export async function notifyMatches(db: DbOrTx, listing: ListingToMatch, now: Date): Promise<string[]> {
  const rows = await rowsOf<{ user_id: string }>(db, matchStatement(listing, now));
  return rows.map((r) => r.user_id);
}

/**
 * The saved searches a listing matches, one per person (their oldest), as (user_id, search_id):
 * the searches with alerts on whose match key the listing can meet (an index read,
 * saved_searches_match_idx), the remaining filters checked on those rows only.
 */
export function matchingSearches(listing: ListingToMatch): SQL {
  const keys = `{${matchKeysOf(listing)
    .map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`)
    .join(',')}}`;
  return sql`SELECT DISTINCT ON (s.user_id) s.user_id, s.id AS search_id
        FROM saved_searches s, listings l
       WHERE l.id = ${listing.id} AND s.match_key = ANY (${keys}::text[]) AND s.alerts = true AND ${MATCHES}
       ORDER BY s.user_id, s.created_at`;
}

/** The statement notifyMatches runs (the benchmark times it and EXPLAINs it). */
export function matchStatement(listing: ListingToMatch, now: Date): SQL {
  return sql`INSERT INTO notifications (user_id, listing_id, saved_search_id, created_at)
      SELECT m.user_id, ${listing.id}::uuid, m.search_id, ${now.toISOString()}::timestamptz FROM (${matchingSearches(listing)}) AS m
      ON CONFLICT (user_id, listing_id, kind) DO NOTHING
      RETURNING user_id`;
}
