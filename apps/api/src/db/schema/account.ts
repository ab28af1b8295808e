import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';
import { userRef } from './references.ts';

/** The keyed hash of a banned person's phone, kept when their account is deleted (migration 0018). */
export const bannedPhoneHashes = pgTable('banned_phone_hashes', {
  phoneHash: text('phone_hash').primaryKey(),
  createdAt: createdAtColumn(),
});

/** The keyed hash of a banned person's Fayda subject, kept when their account is deleted (migration 0022). */
export const bannedFaydaSubjects = pgTable('banned_fayda_subjects', {
  subjectHash: text('subject_hash').primaryKey(),
  createdAt: createdAtColumn(),
});

/** Sign-in history: the date and a coarse device description, nothing more (migration 0018). */
export const signIns = pgTable(
  'sign_ins',
  {
    id: idColumn(),
    userId: userRef('user_id'),
    device: text('device').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.createdAt)],
);

/** Export and deletion requests (migration 0018); the content of an export lives here until downloaded or expired. */
export const accountRequests = pgTable(
  'account_requests',
  {
    id: idColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['export', 'deletion'] }).notNull(),
    status: text('status', { enum: ['requested', 'ready', 'downloaded', 'expired', 'failed', 'done'] }).notNull(),
    via: text('via', { enum: ['app', 'admin'] })
      .notNull()
      .default('app'),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    content: text('content'),
    tokenHash: text('token_hash'),
    expiresAt: timestamptz('expires_at'),
    createdAt: createdAtColumn(),
    readyAt: timestamptz('ready_at'),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('account_requests_user_idx').on(t.userId, t.kind, t.createdAt),
    index('account_requests_created_idx').on(t.createdAt),
    index('account_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'requested'`),
    uniqueIndex('account_requests_token_idx')
      .on(t.tokenHash)
      .where(sql`token_hash IS NOT NULL`),
  ],
);

export type AccountRequestRow = typeof accountRequests.$inferSelect;
