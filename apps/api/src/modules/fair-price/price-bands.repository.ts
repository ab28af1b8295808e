import { and, eq, lt, sql } from 'drizzle-orm';
import { SUBCITIES } from '@betoch/contracts/constants';
import type { DbOrTx } from '../../db/client.ts';
import { priceBands, type PriceBandRow } from '../../db/schema/favourites.ts';
import { listings } from '../../db/schema/listings.ts';
import { publiclyVisibleConditions } from '../listings/listing-visibility.ts';

/** What a band is about: a subcity, a type group (condo and condominium as one) and a bedroom count. */
export interface BandKey {
  subcity: string;
  typeGroup: string;
  bedrooms: number;
}

/**
 * Counts the writes of bands by this process (any database): a band kept in memory from before a
 * write is read again (./price-bands.ts, bandReader).
 */
let bandWrites = 0;
export function bandWritesSoFar(): number {
  return bandWrites;
}

/** The median price in whole birr (percentile_cont gives a half for an even count; rounded). */
const MEDIAN = sql<number>`round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${listings.priceEtb}))::int`;

export async function readBand(db: DbOrTx, key: BandKey): Promise<PriceBandRow | undefined> {
  const [row] = await db
    .select()
    .from(priceBands)
    .where(and(eq(priceBands.subcity, key.subcity), eq(priceBands.typeGroup, key.typeGroup), eq(priceBands.bedrooms, key.bedrooms)));
  return row;
}

/**
 * The band of one key from the listings everyone can see now (never drafts, hidden listings or those
 * of a blocked poster), written to price_bands; a key without listings is written with count 0.
 */
export async function computeBand(db: DbOrTx, key: BandKey, now: Date): Promise<PriceBandRow> {
  const [found] = await db
    .select({ median: MEDIAN, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(
      and(...publiclyVisibleConditions(now), eq(listings.subcity, key.subcity), eq(listings.typeGroup, key.typeGroup), eq(listings.bedrooms, key.bedrooms)),
    );
  const row: PriceBandRow = {
    ...key,
    medianEtb: Number(found?.median ?? 0),
    listingCount: Number(found?.n ?? 0),
    computedAt: now,
  };
  await db
    .insert(priceBands)
    .values(row)
    .onConflictDoUpdate({
      target: [priceBands.subcity, priceBands.typeGroup, priceBands.bedrooms],
      set: { medianEtb: row.medianEtb, listingCount: row.listingCount, computedAt: row.computedAt },
    });
  bandWrites += 1;
  return row;
}

/**
 * Every band (the hourly job): an INSERT ... SELECT ... GROUP BY over the visible listings of each
 * subcity, then the bands no listing is left in are removed. Safe to repeat.
 */
export async function refreshAllBands(db: DbOrTx, now: Date): Promise<{ bands: number; removed: number }> {
  // One statement per subcity: on the embedded database a statement holds the only connection and
  // the thread, and one over every listing would keep browse and listing calls waiting for all of it.
  let bands = 0;
  for (const subcity of SUBCITIES) {
    bands += await refreshSubcityBands(db, subcity, now);
    // Calls that arrived meanwhile go first (the embedded database runs statements on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const removed = await db.delete(priceBands).where(lt(priceBands.computedAt, now)).returning({ subcity: priceBands.subcity });
  bandWrites += 1;
  return { bands, removed: removed.length };
}

async function refreshSubcityBands(db: DbOrTx, subcity: string, now: Date): Promise<number> {
  const visible = and(...publiclyVisibleConditions(now), eq(listings.subcity, subcity), sql`${listings.bedrooms} IS NOT NULL`);
  const written = await db
    .insert(priceBands)
    .select(
      db
        .select({
          subcity: listings.subcity,
          typeGroup: sql<string>`${listings.typeGroup}`.as('type_group'),
          bedrooms: sql<number>`${listings.bedrooms}`.as('bedrooms'),
          medianEtb: sql<number>`${MEDIAN}`.as('median_etb'),
          listingCount: sql<number>`count(*)::int`.as('listing_count'),
          computedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('computed_at'),
        })
        .from(listings)
        .where(visible)
        .groupBy(listings.subcity, listings.typeGroup, listings.bedrooms),
    )
    .onConflictDoUpdate({
      target: [priceBands.subcity, priceBands.typeGroup, priceBands.bedrooms],
      set: {
        medianEtb: sql`excluded.median_etb`,
        listingCount: sql`excluded.listing_count`,
        computedAt: sql`excluded.computed_at`,
      },
    })
    .returning({ subcity: priceBands.subcity });
  return written.length;
}
