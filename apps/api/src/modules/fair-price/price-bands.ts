import { typeGroupOf } from '@betoch/contracts/constants';
import { FAIR_PRICE } from '@betoch/contracts/fair-price';
import type { DbOrTx } from '../../db/client.ts';
import { bandWritesSoFar, computeBand, readBand, type BandKey } from './price-bands.repository.ts';

export type { BandKey };

/** A median price and how many visible listings it is taken over. */
export interface PriceBand {
  median: number;
  count: number;
}

/** The band key of a listing; none without a bedroom count. */
export function bandKeyOf(listing: { subcity: string; type: string; bedrooms: number | null }): BandKey | null {
  if (listing.bedrooms === null) return null;
  return { subcity: listing.subcity, typeGroup: typeGroupOf(listing.type), bedrooms: listing.bedrooms };
}

/**
 * The band of a key as stored, computed again when missing or older than FAIR_PRICE.refreshMs: the
 * numbers the fair-price hint and the trust score read alike. Null when no visible listing is in it.
 */
export async function priceBandFor(db: DbOrTx, key: BandKey, now: Date): Promise<PriceBand | null> {
  return (await storedBand(db, key, now)).band;
}

async function storedBand(db: DbOrTx, key: BandKey, now: Date): Promise<{ band: PriceBand | null; computedAt: Date }> {
  let row = await readBand(db, key);
  if (!row || now.getTime() - row.computedAt.getTime() >= FAIR_PRICE.refreshMs) row = await computeBand(db, key, now);
  return { band: row.listingCount > 0 ? { median: row.medianEtb, count: row.listingCount } : null, computedAt: row.computedAt };
}

/**
 * How long a band read is kept in memory: a band the hourly job of another server wrote is seen
 * within this. This server's own writes of bands are seen at once, and no band is kept past its hour.
 */
const BAND_KEPT_MS = 60_000;

/**
 * priceBandFor with the bands kept in memory (there are a few hundred): the fair-price line of
 * every listing page asks for one, and on the embedded database each read holds the only thread.
 */
export function bandReader(db: DbOrTx): (key: BandKey, now: Date) => Promise<PriceBand | null> {
  const kept = new Map<string, { band: PriceBand | null; until: number; writes: number }>();
  return async (key, now) => {
    const name = `${key.subcity}|${key.typeGroup}|${key.bedrooms}`;
    const at = now.getTime();
    const hit = kept.get(name);
    if (hit && at < hit.until && hit.writes === bandWritesSoFar()) return hit.band;
    const { band, computedAt } = await storedBand(db, key, now);
    // Counted after the read, its own write of the band included (a write by a call answered
    // meanwhile is seen within BAND_KEPT_MS, as another server's is).
    kept.set(name, { band, until: Math.min(at + BAND_KEPT_MS, computedAt.getTime() + FAIR_PRICE.refreshMs), writes: bandWritesSoFar() });
    return band;
  };
}

/** Whether a band holds enough listings to judge a price by (the hint's rule; the trust score's too). */
export function bandJudges(band: PriceBand | null): band is PriceBand {
  return band !== null && band.count >= FAIR_PRICE.minComparables && band.median > 0;
}

/** The band of each listing (by listing id) for the trust score; listings without bedrooms have none. */
export async function priceBandsOf(
  db: DbOrTx,
  rows: Array<{ id: string; subcity: string; type: string; bedrooms: number | null }>,
  now: Date,
): Promise<Map<string, PriceBand>> {
  const byKey = new Map<string, PriceBand | null>();
  const answer = new Map<string, PriceBand>();
  for (const row of rows) {
    const key = bandKeyOf(row);
    if (!key) continue;
    const name = `${key.subcity}|${key.typeGroup}|${key.bedrooms}`;
    if (!byKey.has(name)) byKey.set(name, await priceBandFor(db, key, now));
    const band = byKey.get(name);
    if (band) answer.set(row.id, band);
  }
  return answer;
}
