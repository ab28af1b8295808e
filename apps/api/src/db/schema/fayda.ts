import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';
import { userRef } from './references.ts';

/** An admin's revocation of a Fayda verification, pending a second admin's review (migration 0022). */
export const faydaRevocations = pgTable(
  'fayda_revocations',
  {
    id: idColumn(),
    userId: userRef('user_id'),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    reviewNotes: text('review_notes'),
  },
  (t) => [
    index('fayda_revocations_user_idx').on(t.userId, t.createdAt),
    // One revocation waiting at a time per account (migration 0024).
    uniqueIndex('fayda_revocations_one_pending')
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);

export type FaydaRevocationRow = typeof faydaRevocations.$inferSelect;
