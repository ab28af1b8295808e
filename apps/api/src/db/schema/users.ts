import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull().unique(),
  name: text('name'),
  email: text('email'),
  userType: text('user_type', { enum: ['tenant', 'landlord', 'delala'] }).notNull(),
  agencyName: text('agency_name'),
  isAdmin: boolean('is_admin').notNull().default(false),
  tokenVersion: integer('token_version').notNull().default(0),
  status: text('status', { enum: ['active', 'suspended', 'banned'] }).notNull().default('active'),
  suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
  warnings: integer('warnings').notNull().default(0),
  /** Broker posting block (migration 0002); null = not blocked. */
  postingBlockedReason: text('posting_blocked_reason'),
  postingBlockedAt: timestamp('posting_blocked_at', { withTimezone: true }),
  /** The Terms and Privacy notice accepted at signup (TERMS_VERSION) and when; null before it was asked. */
  termsVersion: text('terms_version'),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  /** Set when the account was deleted: name, e-mail, agency and phone are erased (migration 0018). */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
