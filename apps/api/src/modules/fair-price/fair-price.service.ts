import { ZId } from '@betoch/contracts/common';
import { fairPriceDirection, type TFairPriceHint } from '@betoch/contracts/fair-price';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { bandJudges, bandKeyOf, priceBandFor } from './price-bands.ts';
import { findVisibleListingForHint } from './price-bands.repository.ts';

/**
 * The fair-price hint of /l/{id}: the listing's price against the median of comparable visible
 * listings (same subcity, type group and bedrooms, at least FAIR_PRICE.minComparables of them,
 * the listing itself included), from price_bands (at most an hour old).
 */
export function createFairPriceService(ctx: AppContext) {
  return {
    /** Public: only a listing everyone can see has a hint; any other id is not found. */
    async hintFor(rawId: string): Promise<TFairPriceHint | null> {
      if (!ZId.safeParse(rawId).success) throw new AppError('not_found', 'Listing not found.');
      const now = ctx.now();
      const listing = await findVisibleListingForHint(ctx.db, rawId.toLowerCase(), now);
      if (!listing) throw new AppError('not_found', 'Listing not found.');
      const key = bandKeyOf(listing);
      if (!key) return null;
      const band = await priceBandFor(ctx.db, key, now);
      if (!bandJudges(band)) return null;
      return {
        ...fairPriceDirection(listing.priceEtb, band.median),
        median_etb: band.median,
        listing_count: band.count,
        subcity: listing.subcity,
        type: listing.type,
        bedrooms: key.bedrooms,
      };
    },
  };
}

export type FairPriceService = ReturnType<typeof createFairPriceService>;
