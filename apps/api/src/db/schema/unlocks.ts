import { boolean, index, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

/** A user's access to a listing's contact phone, one per user and listing (migration 0003). */
export const contactUnlocks = pgTable(
  'contact_unlocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** False when the tenant unlimited plan covered it. */
    usedCredit: boolean('used_credit').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('contact_unlocks_user_id_listing_id_key').on(t.userId, t.listingId),
    index('contact_unlocks_user_idx').on(t.userId, t.createdAt.desc()),
    index('contact_unlocks_listing_idx').on(t.listingId),
  ],
);

export type ContactUnlockRow = typeof contactUnlocks.$inferSelect;
