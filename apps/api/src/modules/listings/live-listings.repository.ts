import { and, desc, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonRow } from '../../db/json-row.ts';
import { listingChanges, listings, listingsVersion, type ListingRow } from '../../db/schema/listings.ts';
import { onMarketConditions } from './listing-visibility.ts';
import { CARD_COLUMNS } from './listing-rows.ts';
import { olderThan } from './listings.repository.ts';

/**
 * The reads of the in-memory browse index (./browse-index.ts): the listings browse may show,
 * with what its filters test, and which listings each version of listings_version changed
 * (migration 0021).
 */

export const INDEX_COLUMNS = {
  ...CARD_COLUMNS,
  visibility: listings.visibility,
  adminHidden: listings.adminHidden,
  typeGroup: listings.typeGroup,
  confirmedAt: listings.confirmedAt,
  posterBlockedUntil: listings.posterBlockedUntil,
  placeText: listings.placeText,
};

export type IndexRow = Pick<ListingRow, keyof typeof INDEX_COLUMNS>;

/** The index's columns as one JSON text a row (../../db/json-row.ts: a full load in half the time). */
const INDEX_ROW = jsonRow<IndexRow>(INDEX_COLUMNS);

/** The version now and the oldest version whose changes are all still recorded. */
export async function readVersion(db: DbOrTx): Promise<{ v: number; changesFrom: number }> {
  const [row] = await db.select({ v: listingsVersion.v, changesFrom: listingsVersion.changesFrom }).from(listingsVersion);
  if (!row) throw new Error('listings_version has no row');
  return row;
}

/**
 * One page of the listings browse may show (live, not hidden by moderation), newest first after
 * `after`: read down the browse index (migration 0020), a few thousand index entries a query.
 */
export async function readLiveListingsPage(db: DbOrTx, after: { publishedAt: Date; id: string } | null, limit: number): Promise<IndexRow[]> {
  const rows = await db
    .select({ row: INDEX_ROW.sql })
    .from(listings)
    .where(and(...onMarketConditions(), after ? olderThan(after) : undefined))
    .orderBy(desc(listings.publishedAt), desc(listings.id))
    .limit(limit);
  return rows.map((r) => INDEX_ROW.read(r.row));
}

/** The listings changed by the versions after `from` up to `to`, at most `max` + 1 of them. */
export async function readChangedIds(db: DbOrTx, from: number, to: number, max: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: listingChanges.listingId })
    .from(listingChanges)
    .where(and(gt(listingChanges.v, from), lte(listingChanges.v, to)))
    .limit(max + 1);
  return rows.map((r) => r.id);
}

/** The rows of these listings as they are now (a deleted one is absent). */
export async function readIndexRows(db: DbOrTx, ids: string[]): Promise<IndexRow[]> {
  if (!ids.length) return [];
  const rows = await db.select({ row: INDEX_ROW.sql }).from(listings).where(inArray(listings.id, ids));
  return rows.map((r) => INDEX_ROW.read(r.row));
}

/** Forgets the changes of all but the last `keep` versions. */
export async function pruneListingChanges(db: DbOrTx, keep: number): Promise<void> {
  await db.execute(sql`
    WITH cut AS (
      UPDATE ${listingsVersion} SET changes_from = v - ${keep} WHERE changes_from < v - ${keep} RETURNING changes_from
    )
    DELETE FROM ${listingChanges} WHERE v < (SELECT changes_from FROM cut)`);
}
