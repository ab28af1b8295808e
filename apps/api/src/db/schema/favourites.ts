import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns.ts';
import { listingRef, userRef } from './references.ts';

/** The listings a user saved (migration 0014). */
export const favourites = pgTable(
  'favourites',
  {
    userId: userRef('user_id'),
    listingId: listingRef('listing_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('favourites_listing_idx').on(t.listingId),
  ],
);

export type FavouriteRow = typeof favourites.$inferSelect;

/**
 * Median price of the publicly visible listings per subcity, type group and bedrooms (migration
 * 0014): the fair-price hint and the trust score's price signals.
 */
export const priceBands = pgTable(
  'price_bands',
  {
    subcity: text('subcity').notNull(),
    typeGroup: text('type_group').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    medianEtb: integer('median_etb').notNull(),
    listingCount: integer('listing_count').notNull(),
    computedAt: timestamptz('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subcity, t.typeGroup, t.bedrooms] })],
);

export type PriceBandRow = typeof priceBands.$inferSelect;
