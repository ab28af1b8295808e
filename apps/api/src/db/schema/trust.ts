import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, real, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';
import { listingRef, userRef } from './references.ts';

/** Trust and safety (migration 0005). */

export interface StoredAutoAction {
  type: 'hide' | 'block_posting' | 'refund_claim';
  reason: 'report_threshold' | 'hidden_listings_threshold' | 'asked_for_money_before_viewing';
  at: string;
}

export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: idColumn(),
    targetType: text('target_type', { enum: ['listing', 'user', 'conversation'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    autoActions: jsonb('auto_actions').$type<StoredAutoAction[]>().notNull().default([]),
    lastAction: text('last_action', { enum: ['warn', 'hide', 'suspend', 'ban', 'restore'] }),
    lastActionReason: text('last_action_reason'),
    lastActionAt: timestamptz('last_action_at'),
    lastActionBy: uuid('last_action_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    uniqueIndex('moderation_cases_open_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`status = 'open'`),
    index('moderation_cases_open_idx')
      .on(t.createdAt.desc())
      .where(sql`status = 'open'`),
    index('moderation_cases_closed_idx')
      .on(t.closedAt.desc())
      .where(sql`status = 'closed'`),
    index('moderation_cases_target_idx').on(t.targetType, t.targetId),
  ],
);

export type ModerationCaseRow = typeof moderationCases.$inferSelect;

export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    reporterId: userRef('reporter_id'),
    targetType: text('target_type', { enum: ['listing', 'conversation'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    reportedUserId: uuid('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['fake', 'scam', 'wrong_price', 'duplicate', 'harassment', 'other'] }).notNull(),
    details: text('details'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('reports_case_id_reporter_id_key').on(t.caseId, t.reporterId),
    index('reports_case_idx').on(t.caseId, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

export type ReportRow = typeof reports.$inferSelect;

/** Append-only record of every admin decision and automatic rule (admin null = a rule). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: idColumn(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    caseId: uuid('case_id').references(() => moderationCases.id, { onDelete: 'set null' }),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull().default({}),
    after: jsonb('after').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('admin_audit_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('admin_audit_case_idx').on(t.caseId, t.createdAt),
    index('admin_audit_subject_idx').on(t.subjectUserId, t.action, t.createdAt),
  ],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;

export const hiddenConversations = pgTable('hidden_conversations', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  hiddenAt: timestamptz('hidden_at').notNull().defaultNow(),
});

export const duplicateClusters = pgTable(
  'duplicate_clusters',
  {
    id: idColumn(),
    status: text('status', { enum: ['open', 'merged', 'dismissed', 'removed'] })
      .notNull()
      .default('open'),
    primaryListingId: uuid('primary_listing_id').references(() => listings.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('duplicate_clusters_status_idx').on(t.status, t.createdAt)],
);

export type DuplicateClusterRow = typeof duplicateClusters.$inferSelect;

export const duplicateClusterMembers = pgTable(
  'duplicate_cluster_members',
  {
    clusterId: uuid('cluster_id')
      .notNull()
      .references(() => duplicateClusters.id, { onDelete: 'cascade' }),
    listingId: listingRef('listing_id'),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clusterId, t.listingId] }), index('duplicate_cluster_members_listing_idx').on(t.listingId)],
);

/** A flagged pair, listing_a < listing_b. */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    listingA: listingRef('listing_a'),
    listingB: listingRef('listing_b'),
    clusterId: uuid('cluster_id')
      .notNull()
      .references(() => duplicateClusters.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    reasons: jsonb('reasons').$type<Array<'same_photos' | 'similar_description' | 'same_poster_details'>>().notNull(),
    matchedPhotos: integer('matched_photos').notNull().default(0),
    descriptionSimilarity: real('description_similarity').notNull().default(0),
    verdict: text('verdict', { enum: ['pending', 'confirmed', 'dismissed'] })
      .notNull()
      .default('pending'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.listingA, t.listingB] }),
    index('duplicate_pairs_cluster_idx').on(t.clusterId),
    index('duplicate_pairs_b_idx').on(t.listingB),
  ],
);

export type DuplicatePairRow = typeof duplicatePairs.$inferSelect;

export const manualAdjustments = pgTable(
  'manual_adjustments',
  {
    id: idColumn(),
    subjectUserId: userRef('subject_user_id'),
    type: text('type', { enum: ['credit', 'debit'] }).notNull(),
    target: text('target', { enum: ['wallet', 'post_credits', 'delala_subscription'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    notes: text('notes'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    reviewNotes: text('review_notes'),
  },
  (t) => [index('manual_adjustments_status_idx').on(t.status, t.createdAt.desc())],
);

export type ManualAdjustmentRow = typeof manualAdjustments.$inferSelect;
