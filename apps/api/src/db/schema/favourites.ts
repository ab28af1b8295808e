import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

/** The listings a user saved (migration 0014). */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subcity, t.typeGroup, t.bedrooms] })],
);

export type PriceBandRow = typeof priceBands.$inferSelect;
