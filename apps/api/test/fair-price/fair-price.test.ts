import { beforeAll, describe, expect, it } from 'vitest';
import type { TFairPriceAnswer } from '@betoch/contracts/fair-price';
import type { TListingCaseSummary } from '@betoch/contracts/admin';
import { refreshAllBands } from '../../src/modules/fair-price/price-bands.repository.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { insertListing, insertListings, setListing } from '../unlocks/listing-rows.ts';
import { admin, caseOf, createTrustTestApp, report } from '../trust/trust-calls.ts';
import { useTestApp } from '../support/use-test-app.ts';

const HOUR = 3600_000;
const t = useTestApp(createTrustTestApp);
let poster: SignedIn;
beforeAll(async () => {
  poster = await signUp(t, { userType: 'landlord' });
});

async function hintOf(id: string): Promise<TFairPriceAnswer['hint']> {
  const res = await t.request({ method: 'GET', url: `/api/listings/${id}/fair-price` });
  expect(res.statusCode).toBe(200);
  return (res.json() as TFairPriceAnswer).hint;
}

/** n live listings of one subcity, type and bedroom count at the given prices. */
async function band(subcity: string, bedrooms: number, prices: number[], type: 'apartment' | 'villa' | 'condo' | 'condominium' = 'apartment') {
  const ids: string[] = [];
  for (const priceEtb of prices) ids.push(await insertListing(t, poster, { subcity, bedrooms, type, priceEtb }));
  return ids;
}

describe('the fair-price hint', () => {
  it('with 8 comparables: the median, how many, and how far the price is from it', async () => {
    const ids = await band('Gullele', 2, [16_000, 17_000, 18_000, 18_500, 18_500, 19_000, 20_000, 21_000]);
    // The median of the eight (the listing itself is one of them): 18,500.
    const cheap = ids[0]!;
    expect(await hintOf(cheap)).toEqual({
      percent: -14,
      direction: 'below',
      median_etb: 18_500,
      listing_count: 8,
      subcity: 'Gullele',
      type: 'apartment',
      bedrooms: 2,
    });
    expect(await hintOf(ids[7]!)).toMatchObject({ percent: 14, direction: 'above' });
    expect(await hintOf(ids[4]!)).toMatchObject({ percent: 0, direction: 'about' });
  });

  it('with 7 comparables: no hint', async () => {
    const ids = await band('Lideta', 3, [20_000, 21_000, 22_000, 23_000, 24_000, 25_000, 26_000]);
    expect(await hintOf(ids[0]!)).toBeNull();
  });

  it('never counts drafts, hidden listings or those of a blocked poster; other bedrooms and subcities are other bands', async () => {
    const ids = await band('Arada', 1, [10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    await insertListings(t, poster, 3, { subcity: 'Arada', bedrooms: 1, priceEtb: 1, visibility: 'draft', publishedAt: null });
    await insertListings(t, poster, 3, { subcity: 'Arada', bedrooms: 1, priceEtb: 1, adminHidden: true, hiddenReason: 'scam' });
    const blocked = await insertListing(t, await signUp(t, { userType: 'landlord' }), { subcity: 'Arada', bedrooms: 1, priceEtb: 1 });
    await t.database.sql.query("UPDATE listings SET poster_blocked_until = 'infinity' WHERE id = $1", [blocked]);
    await band('Arada', 2, [1, 1, 1]);
    await band('Yeka', 1, [1, 1, 1]);
    expect(await hintOf(ids[0]!)).toBeNull();
    // Condo and condominium are one type for prices.
    const condos = [
      ...(await band('Kolfe Keranio', 2, [30_000, 30_000, 30_000, 30_000], 'condo')),
      ...(await band('Kolfe Keranio', 2, [30_000, 30_000, 30_000, 30_000], 'condominium')),
    ];
    expect(await hintOf(condos[0]!)).toMatchObject({ listing_count: 8, median_etb: 30_000 });
  });

  it('is refreshed at most hourly: a new comparable counts after an hour (or the hourly job), not before', async () => {
    const ids = await band('Nefas Silk-Lafto', 4, [40_000, 40_000, 40_000, 40_000, 40_000, 40_000, 40_000]);
    expect(await hintOf(ids[0]!)).toBeNull();
    await band('Nefas Silk-Lafto', 4, [40_000]);
    expect(await hintOf(ids[0]!)).toBeNull(); // the band read a minute ago still holds
    t.clock.advance(HOUR);
    expect(await hintOf(ids[0]!)).toMatchObject({ listing_count: 8 });

    // The hourly job writes every band at once (and removes the empty ones).
    await band('Nefas Silk-Lafto', 4, [80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000]);
    expect(await hintOf(ids[0]!)).toMatchObject({ listing_count: 8, median_etb: 40_000 });
    await refreshAllBands(t.ctx.db, t.clock.now());
    expect(await hintOf(ids[0]!)).toMatchObject({ listing_count: 17, median_etb: 80_000, direction: 'below', percent: -50 });
  });

  it("is read from memory: a band another server's hourly job wrote is seen within a minute, never one older than its hour", async () => {
    const ids = await band('Addis Ketema', 3, [20_000, 20_000, 20_000, 20_000, 20_000, 20_000, 20_000, 20_000]);
    expect(await hintOf(ids[0]!)).toMatchObject({ listing_count: 8, median_etb: 20_000 });
    // Another server's job (not this process) writes the band: this one still shows what it read.
    await t.database.sql.query(
      "UPDATE price_bands SET median_etb = 25000, listing_count = 9, computed_at = $1 WHERE subcity = 'Addis Ketema' AND bedrooms = 3",
      [t.clock.now().toISOString()],
    );
    expect(await hintOf(ids[0]!)).toMatchObject({ listing_count: 8, median_etb: 20_000 });
    t.clock.advance(61_000);
    expect(await hintOf(ids[0]!)).toMatchObject({ listing_count: 9, median_etb: 25_000, percent: -20 });
    // A band is never shown past its hour, even when read from memory a moment before.
    t.clock.advance(HOUR - 62_000);
    expect(await hintOf(ids[0]!)).toMatchObject({ listing_count: 9 });
    t.clock.advance(2_000);
    expect(await hintOf(ids[0]!)).toMatchObject({ listing_count: 8, median_etb: 20_000 });
  });

  it('is not found for a listing the public cannot see, nothing for one without bedrooms', async () => {
    const ids = await band('Akaky Kaliti', 2, [5_000, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000]);
    await setListing(t, ids[0]!, { visibility: 'draft' });
    expect((await t.request({ method: 'GET', url: `/api/listings/${ids[0]}/fair-price` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/listings/nope/fair-price' })).statusCode).toBe(404);
    const noBedrooms = await insertListing(t, poster, { subcity: 'Akaky Kaliti', bedrooms: null });
    expect(await hintOf(noBedrooms)).toBeNull();
  });

  it("the trust score's price signal reads the same band: far below with 8 comparables, nothing with 7", async () => {
    const moderator = await admin(t);
    const reporter = await signUp(t);
    const scammer = await signUp(t, { userType: 'landlord' });
    await band('Kirkos', 5, [60_000, 60_000, 60_000, 60_000, 60_000, 60_000, 60_000]);
    const cheap = await insertListing(t, scammer, { subcity: 'Kirkos', bedrooms: 5, priceEtb: 20_000 });
    const hint = await hintOf(cheap);
    expect(hint).toMatchObject({ listing_count: 8, median_etb: 60_000, direction: 'below', percent: -67 });
    await report(t, reporter, 'listing', cheap, 'scam');
    const summary = (await caseOf(t, moderator, cheap))?.targetSummary as TListingCaseSummary;
    expect(summary.trustSignals).toContainEqual({ code: 'price_far_below_median', points: 30 });

    // Six others and the cheap one: seven, no hint and no price signal.
    await band('Kirkos', 6, [60_000, 60_000, 60_000, 60_000, 60_000, 60_000]);
    const lonely = await insertListing(t, scammer, { subcity: 'Kirkos', bedrooms: 6, priceEtb: 20_000 });
    expect(await hintOf(lonely)).toBeNull();
    await report(t, reporter, 'listing', lonely, 'scam');
    const other = (await caseOf(t, moderator, lonely))?.targetSummary as TListingCaseSummary;
    expect(other.trustSignals.map((s) => s.code)).not.toContain('price_far_below_median');
    expect(other.trustSignals.map((s) => s.code)).not.toContain('price_below_median');
  });
});
