import { sql } from 'drizzle-orm';
import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { contactUnlocks } from './unlocks.ts';
import { users } from './users.ts';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';
import { listingRef, userRef } from './references.ts';

/**
 * A tenant's claim to get back the credit of a contact that turned out dead (migration 0017), one
 * per unlock. Approved: a `refund` ledger row tied to the unlock returned the credit.
 */
export const refundClaims = pgTable(
  'refund_claims',
  {
    id: idColumn(),
    unlockId: uuid('unlock_id')
      .notNull()
      .references(() => contactUnlocks.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    listingId: listingRef('listing_id'),
    posterId: userRef('poster_id'),
    reason: text('reason', { enum: ['no_answer', 'already_rented', 'asked_for_money'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    cause: text('cause', { enum: ['listing_rented', 'listing_expired', 'listing_hidden', 'second_claim', 'admin'] }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAtColumn(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    unique('refund_claims_unlock_id_key').on(t.unlockId),
    index('refund_claims_user_idx').on(t.userId, t.createdAt),
    index('refund_claims_listing_idx').on(t.listingId, t.createdAt),
    index('refund_claims_poster_idx')
      .on(t.posterId)
      .where(sql`status = 'approved'`),
    index('refund_claims_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

export type RefundClaimRow = typeof refundClaims.$inferSelect;
