import { boolean, index, pgTable, unique } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.ts';
import { listingRef, userRef } from './references.ts';

/** A user's access to a listing's contact phone, one per user and listing (migration 0003). */
export const contactUnlocks = pgTable(
  'contact_unlocks',
  {
    id: idColumn(),
    userId: userRef('user_id'),
    listingId: listingRef('listing_id'),
    /** False when the tenant unlimited plan covered it. */
    usedCredit: boolean('used_credit').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('contact_unlocks_user_id_listing_id_key').on(t.userId, t.listingId),
    index('contact_unlocks_user_idx').on(t.userId, t.createdAt.desc()),
    index('contact_unlocks_listing_idx').on(t.listingId),
  ],
);

export type ContactUnlockRow = typeof contactUnlocks.$inferSelect;
