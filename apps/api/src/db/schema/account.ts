import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The keyed hash of a banned person's phone, kept when their account is deleted (migration 0018). */
export const bannedPhoneHashes = pgTable('banned_phone_hashes', {
  phoneHash: text('phone_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-in history: the date and a coarse device description, nothing more (migration 0018). */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.createdAt)],
);

/** Export and deletion requests (migration 0018); the content of an export lives here until downloaded or expired. */
export const accountRequests = pgTable(
  'account_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['export', 'deletion'] }).notNull(),
    status: text('status', { enum: ['requested', 'ready', 'downloaded', 'expired', 'failed', 'done'] }).notNull(),
    via: text('via', { enum: ['app', 'admin'] }).notNull().default('app'),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    content: text('content'),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('account_requests_user_idx').on(t.userId, t.kind, t.createdAt),
    index('account_requests_created_idx').on(t.createdAt),
    index('account_requests_pending_idx').on(t.createdAt).where(sql`status = 'requested'`),
    uniqueIndex('account_requests_token_idx').on(t.tokenHash).where(sql`token_hash IS NOT NULL`),
  ],
);

export type AccountRequestRow = typeof accountRequests.$inferSelect;
