import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';
import { userRef } from './references.ts';

/** One tenant and one listing (migration 0004). The owner is kept so history outlives the listing. */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    /** Null once the listing has been deleted. */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    tenantId: userRef('tenant_id'),
    ownerId: userRef('owner_id'),
    /** The owner's first message; null means there is nothing to unlock yet. */
    ownerRepliedAt: timestamptz('owner_replied_at'),
    replyUnlockedAt: timestamptz('reply_unlocked_at'),
    /** False when the tenant plan covered the unlock. */
    replyUnlockUsedCredit: boolean('reply_unlock_used_credit'),
    tenantUnread: integer('tenant_unread').notNull().default(0),
    ownerUnread: integer('owner_unread').notNull().default(0),
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('conversations_tenant_listing_idx')
      .on(t.tenantId, t.listingId)
      .where(sql`listing_id IS NOT NULL`),
    index('conversations_tenant_inbox_idx').on(t.tenantId, t.lastMessageAt.desc()),
    index('conversations_owner_inbox_idx').on(t.ownerId, t.lastMessageAt.desc()),
    index('conversations_listing_idx').on(t.listingId),
    check('conversations_tenant_unread_check', sql`tenant_unread >= 0`),
    check('conversations_owner_unread_check', sql`owner_unread >= 0`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * A message as written, and beside it the form with contact details masked (written with the
 * message, migration 0008); which of the two a reader gets, or the blur, is decided per reader.
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    /** Order of writing. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    role: text('role', { enum: ['tenant', 'owner'] }).notNull(),
    body: text('body').notNull(),
    /** The body with contact details replaced by the marker; null only until the start masks the row. */
    bodyMasked: text('body_masked'),
    /** The masker's version body_masked was written with (0: not yet masked). */
    maskedWith: integer('masked_with').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [index('messages_thread_idx').on(t.conversationId, t.seq), index('messages_masked_with_idx').on(t.maskedWith)],
);

export type MessageRow = typeof messages.$inferSelect;

/** Recorded product events, read by the admin metrics (type, who, about what, when). */
export const appEvents = pgTable(
  'app_events',
  {
    id: idColumn(),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('app_events_type_idx').on(t.type, t.createdAt),
    // The metrics funnel follows a conversation's events by subject.
    index('app_events_subject_idx').on(t.subjectId, t.type),
    // The retention job finds events by age alone.
    index('app_events_created_idx').on(t.createdAt),
  ],
);

/** Events per Addis Ababa day and type, kept after the events themselves are dropped (13 months). */
export const appEventDays = pgTable(
  'app_event_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type] }), check('app_event_days_n_check', sql`n >= 0`)],
);

export type AppEventRow = typeof appEvents.$inferSelect;
