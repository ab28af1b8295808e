import { fairPriceDirection, type TFairPriceHint } from '@betoch/contracts/fair-price';
import type { TListing } from '@betoch/contracts/listings';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { bandJudges, bandKeyOf, bandReader } from './price-bands.ts';

/** What the hint needs of the listings module (app.ts passes its read side). */
export interface FairPriceDeps {
  /** The listing as everyone sees it, or null when the public may not see it (any bad id throws not found). */
  publicListing(id: string): Promise<Pick<TListing, 'price_etb' | 'subcity' | 'type' | 'bedrooms'> | null>;
}

/**
 * The fair-price hint of /l/{id}: the listing's price against the median of comparable visible
 * listings (same subcity, type group and bedrooms, at least FAIR_PRICE.minComparables of them,
 * the listing itself included), from price_bands (at most an hour old; kept in memory a minute).
 */
export function createFairPriceService(ctx: AppContext, deps: FairPriceDeps) {
  const bandOf = bandReader(ctx.db);
  return {
    /**
     * Public: only a listing everyone can see has a hint; any other id is not found. The listing is
     * the one GET /listings/{id} shows (its cache: a page and its hint cost one read of it).
     */
    async hintFor(rawId: string): Promise<TFairPriceHint | null> {
      const listing = await deps.publicListing(rawId);
      if (!listing) throw new AppError('not_found', 'Listing not found.');
      const key = bandKeyOf(listing);
      if (!key) return null;
      const band = await bandOf(key, ctx.now());
      if (!bandJudges(band)) return null;
      return {
        ...fairPriceDirection(listing.price_etb, band.median),
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
