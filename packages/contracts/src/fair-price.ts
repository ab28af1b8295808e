import { z } from 'zod';
import { okAnswer } from './common.ts';
import { ZListingType } from './listings.ts';

/**
 * The fair-price hint: a listing's price against the median of comparable live listings
 * (same subcity, type group, bedrooms). Shown only over at least MIN_COMPARABLES of them; the
 * medians are at most REFRESH_MS old. The trust score's price signals read the same numbers.
 */
export const FAIR_PRICE = {
  minComparables: 8,
  refreshMs: 60 * 60 * 1000,
  /** Within this many percent of the median the price is 'about the usual price'. */
  aboutPercent: 5,
} as const;

export const ZFairPriceHint = z.object({
  /** Rounded, signed: -12 is 12% below the median. */
  percent: z.number().int(),
  direction: z.enum(['below', 'above', 'about']),
  median_etb: z.number().int(),
  listing_count: z.number().int(),
  subcity: z.string(),
  type: ZListingType,
  bedrooms: z.number().int(),
});
export type TFairPriceHint = z.infer<typeof ZFairPriceHint>;

/** GET /listings/{id}/fair-price: the hint, or null when there are too few comparables. */
export const ZFairPriceAnswer = okAnswer({ hint: ZFairPriceHint.nullable() });
export type TFairPriceAnswer = z.infer<typeof ZFairPriceAnswer>;

/** The hint's direction and percent for a price against a median. */
export function fairPriceDirection(priceEtb: number, medianEtb: number): { percent: number; direction: TFairPriceHint['direction'] } {
  const percent = Math.round(((priceEtb - medianEtb) / medianEtb) * 100);
  const direction = Math.abs(percent) < FAIR_PRICE.aboutPercent ? 'about' : percent < 0 ? 'below' : 'above';
  return { percent, direction };
}
