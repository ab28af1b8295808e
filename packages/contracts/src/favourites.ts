import { z } from 'zod';
import { okAnswer } from './common.ts';
import { ZListingCard } from './listings.ts';

/** GET /favourites/ids: the ids of every listing the signed-in user saved (the hearts on cards). */
export const ZFavouriteIdsAnswer = okAnswer({ ids: z.array(z.string()) });
export type TFavouriteIdsAnswer = z.infer<typeof ZFavouriteIdsAnswer>;

/** One saved listing: its card, when it was saved, and whether anyone can still see it. */
export const ZFavourite = z.object({
  listing: ZListingCard,
  saved_at: z.string(),
  /** False once the listing is no longer live (rented, hidden by moderation, its poster blocked). */
  available: z.boolean(),
});
export type TFavourite = z.infer<typeof ZFavourite>;

/** GET /favourites: the user's saved listings, newest saved first. */
export const ZFavouritesAnswer = okAnswer({ favourites: z.array(ZFavourite) });
export type TFavouritesAnswer = z.infer<typeof ZFavouritesAnswer>;

/** PUT and DELETE /favourites/{id}: the state after the call (both are idempotent). */
export const ZFavouriteChangeAnswer = okAnswer({ listing_id: z.string(), saved: z.boolean() });
export type TFavouriteChangeAnswer = z.infer<typeof ZFavouriteChangeAnswer>;
