import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { favourites } from '../../db/schema/favourites.ts';
import { listingAvailabilityAsks } from '../../db/schema/freshness.ts';
import { listings } from '../../db/schema/listings.ts';

/**
 * What a poster's own listings page shows of tenants' interest: how many saved each listing and
 * the availability asks still open. Read here from the favourites' and freshness' tables (their
 * schema, not their modules), so listings never imports the modules built on top of it.
 */

/** Per listing of one poster: tenants' asks since its last confirmation. */
export async function countOpenAsks(db: DbOrTx, posterId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: listings.id, n: sql<number>`count(*)::int` })
    .from(listingAvailabilityAsks)
    .innerJoin(listings, eq(listings.id, listingAvailabilityAsks.listingId))
    .where(and(eq(listings.posterId, posterId), sql`${listingAvailabilityAsks.askedAt} > coalesce(${listings.confirmedAt}, '-infinity'::timestamptz)`))
    .groupBy(listings.id);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** How many users saved each of the listings: counts only, never who. */
export async function favouriteCounts(db: DbOrTx, listingIds: string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: favourites.listingId, n: count() })
    .from(favourites)
    .where(inArray(favourites.listingId, listingIds))
    .groupBy(favourites.listingId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
