import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    phone: text('phone').notNull().unique(),
    name: text('name'),
    email: text('email'),
    userType: text('user_type', { enum: ['tenant', 'landlord', 'delala'] }).notNull(),
    agencyName: text('agency_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    status: text('status', { enum: ['active', 'suspended', 'banned'] })
      .notNull()
      .default('active'),
    suspendedUntil: timestamptz('suspended_until'),
    warnings: integer('warnings').notNull().default(0),
    /** Broker posting block (migration 0002); null = not blocked. */
    postingBlockedReason: text('posting_blocked_reason'),
    postingBlockedAt: timestamptz('posting_blocked_at'),
    /** The Terms and Privacy notice accepted at signup (TERMS_VERSION) and when; null before it was asked. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    /** Set when the account was deleted: name, e-mail, agency and phone are erased (migration 0018). */
    deletedAt: timestamptz('deleted_at'),
    /** Verified with Fayda (migration 0022, docs/fayda.md): when, the verified name, phone match, keyed subject hash. */
    faydaVerifiedAt: timestamptz('fayda_verified_at'),
    faydaName: text('fayda_name'),
    faydaPhoneMatch: boolean('fayda_phone_match'),
    faydaSubjectHash: text('fayda_subject_hash'),
    createdAt: createdAtColumn(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_fayda_subject_hash_idx')
      .on(t.faydaSubjectHash)
      .where(sql`fayda_subject_hash IS NOT NULL`),
  ],
);

export type UserRow = typeof users.$inferSelect;
