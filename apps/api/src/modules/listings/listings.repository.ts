import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListingFilter, PlaceFilter } from '@betoch/contracts/listing-filter';
import type { DbOrTx } from '../../db/client.ts';
import { listings, type ListingRow, type NewListingRow } from '../../db/schema/listings.ts';
import { publiclyVisibleConditions } from './listing-visibility.ts';
import { maskedListingColumns } from './listing-text-masking.ts';
import { filterColumnsOf, filterSql } from './listing-filter-sql.ts';
import { CARD_COLUMNS, type BrowseRow } from './listing-rows.ts';

/** Writes the listing with the masked form of its free text beside it (listing-text-masking.ts). */
export async function insertListing(db: DbOrTx, values: NewListingRow): Promise<ListingRow> {
  const [row] = await db
    .insert(listings)
    .values({ ...values, ...maskedListingColumns(values) })
    .returning();
  if (!row) throw new Error('listing insert returned nothing');
  return row;
}

export async function countLiveListings(db: DbOrTx, posterId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.posterId, posterId), eq(listings.visibility, 'live')));
  return Number(row?.n ?? 0);
}

export async function deleteListing(db: DbOrTx, id: string): Promise<void> {
  await db.delete(listings).where(eq(listings.id, id));
}

/** Every listing of one poster, newest first. */
export async function listPosterListings(db: DbOrTx, posterId: string): Promise<ListingRow[]> {
  return db.select().from(listings).where(eq(listings.posterId, posterId)).orderBy(desc(listings.createdAt), desc(listings.id));
}

/** The browse filters (the contracts' one description), and the page: after this (published_at, id), this many. */
export interface BrowseFilters extends ListingFilter {
  after?: { publishedAt: Date; id: string };
  limit: number;
}

/** How many listings everyone can see (the sitemap's size). */
export async function countPubliclyVisible(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(...publiclyVisibleConditions(now)));
  return row?.n ?? 0;
}

/** One page of the listings everyone can see, by id: their ids and when each last changed. */
export async function publiclyVisiblePage(db: DbOrTx, now: Date, offset: number, limit: number): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(and(...publiclyVisibleConditions(now)))
    .orderBy(listings.id)
    .offset(offset)
    .limit(limit);
}

/** Every condition of a browse query but the place search. */
function browseConditions({ after, limit: _limit, place: _place, ...filter }: BrowseFilters, now: Date): SQL[] {
  const conditions: SQL[] = [...publiclyVisibleConditions(now), ...filterSql(filter)];
  if (after) conditions.push(olderThan(after));
  return conditions;
}

/** Listings after this one in the browse order (published_at, then id, both descending). */
export function olderThan(after: { publishedAt: Date; id: string }): SQL {
  return sql`(${listings.publishedAt}, ${listings.id}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

/**
 * Live listings that moderation has not hidden and whose poster is in good standing, newest
 * published first, filtered. One table: the poster's standing is kept on the listing row and the
 * first photo in cover_photo (migration 0007). The browse indexes (migration 0020) serve this
 * order for every combination of filters; a place search finds its candidates through
 * place_grams. (Built separately so the benchmark and the plan test can EXPLAIN the very query the
 * call runs.)
 */
export function browseQuery(db: DbOrTx, filters: BrowseFilters, now: Date) {
  // The place search: any expanded term inside place_text (the masked title and specific location
  // folded when written, migration 0008: only what the public reads), or the subcity the query
  // names; a term of two letters or more first looked up by its pieces in place_grams (migration
  // 0020, a GIN index), so a place few listings name is found without walking every live row.
  // See docs/i18n-and-a11y.md. A query with nothing left to search (only digits) matches nothing.
  const conditions = [...browseConditions(filters, now), ...filterSql({ place: filters.place })];
  return db
    .select(CARD_COLUMNS)
    .from(listings)
    .where(and(...conditions))
    .orderBy(desc(listings.publishedAt), desc(listings.id))
    .limit(filters.limit);
}

/**
 * How many of the newest listings the other filters leave a place search reads before it turns to
 * the place index: a place many listings name fills the page from the first few hundred (reading
 * them newest first is then cheaper than gathering and sorting every listing that names it); a
 * place few name does not, and the index finds those few directly.
 */
export const PLACE_WALK_ROWS = 3_000;

/**
 * The first step of a place search: the place condition over the PLACE_WALK_ROWS newest listings
 * the other filters leave, read from the browse index alone (it holds the place text and the
 * poster's standing), then the cards of the page's matches. A full page from it is the answer
 * (nothing older can come before these); otherwise browseQuery gives it.
 */
export function placeWalkQuery(db: DbOrTx, filters: BrowseFilters & { place: PlaceFilter }, now: Date, rows = PLACE_WALK_ROWS) {
  const newest = db
    .select({ id: listings.id, publishedAt: listings.publishedAt, placeText: listings.placeText, subcity: listings.subcity })
    .from(listings)
    .where(and(...browseConditions(filters, now)))
    .orderBy(desc(listings.publishedAt), desc(listings.id))
    .limit(rows)
    .as('newest');
  const page = db
    .select({ id: newest.id })
    .from(newest)
    .where(and(...filterSql({ place: filters.place }, { ...filterColumnsOf(), placeText: newest.placeText, subcity: newest.subcity, placeGrams: undefined })))
    .orderBy(desc(newest.publishedAt), desc(newest.id))
    .limit(filters.limit);
  return db.select(CARD_COLUMNS).from(listings).where(inArray(listings.id, page)).orderBy(desc(listings.publishedAt), desc(listings.id)).limit(filters.limit);
}

export async function browseListings(db: DbOrTx, filters: BrowseFilters, now: Date): Promise<BrowseRow[]> {
  if (!filters.place) return browseQuery(db, filters, now);
  const walked = await placeWalkQuery(db, { ...filters, place: filters.place }, now);
  if (walked.length === filters.limit) return walked;
  return browseQuery(db, filters, now);
}
