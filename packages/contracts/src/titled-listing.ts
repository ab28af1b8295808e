import { z } from 'zod';
import { LISTING_TYPES } from './constants.ts';

/**
 * A listing as far as its title goes, as the lists that name a listing carry it. A generated title
 * is composed in the reader's language from type, bedrooms and subcity (./listing-title.ts).
 */
export const titledListingFields = {
  _id: z.string(),
  title: z.string(),
  title_generated: z.boolean(),
  type: z.enum(LISTING_TYPES),
  /** 0 = studio; null = not given. */
  bedrooms: z.number().int().nullable(),
  subcity: z.string(),
};
