import { count, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { favourites } from '../../db/schema/favourites.ts';

/**
 * What the listings module reads of favourites: how many saved each listing.
 */

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
