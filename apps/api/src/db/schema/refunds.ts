import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { contactUnlocks } from './unlocks.ts';
import { users } from './users.ts';

/**
 * A tenant's claim to get back the credit of a contact that turned out dead (migration 0017), one
 * per unlock. Approved: a `refund` ledger row tied to the unlock returned the credit.
 */
export const refundClaims = pgTable(
  'refund_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unlockId: uuid('unlock_id')
      .notNull()
      .references(() => contactUnlocks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    posterId: uuid('poster_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['no_answer', 'already_rented', 'asked_for_money'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    cause: text('cause', { enum: ['listing_rented', 'listing_expired', 'listing_hidden', 'second_claim', 'admin'] }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    unique('refund_claims_unlock_id_key').on(t.unlockId),
    index('refund_claims_user_idx').on(t.userId, t.createdAt),
    index('refund_claims_listing_idx').on(t.listingId, t.createdAt),
    index('refund_claims_poster_idx').on(t.posterId).where(sql`status = 'approved'`),
    index('refund_claims_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

export type RefundClaimRow = typeof refundClaims.$inferSelect;
