import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listingAvailabilityAsks } from '../../db/schema/freshness.ts';
import { listings } from '../../db/schema/listings.ts';

/**
 * What the listings module reads of freshness: tenants' open availability asks per listing.
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
