import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns.ts';
import { userRef } from './references.ts';
import { users } from './users.ts';

/** Telegram (migration 0022, docs/telegram.md). */

/** An account's linked Telegram chat: one chat per account, one account per chat. */
export const telegramLinks = pgTable('telegram_links', {
  userId: userRef('user_id').primaryKey(),
  chatId: bigint('chat_id', { mode: 'number' }).notNull().unique(),
  language: text('language', { enum: ['en', 'am'] })
    .notNull()
    .default('en'),
  linkedAt: timestamptz('linked_at').notNull().defaultNow(),
});

/** 'Connect Telegram' tokens: only the SHA-256 is kept; single use, 10 minutes, bound to the user. */
export const telegramStartTokens = pgTable(
  'telegram_start_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef('user_id'),
    language: text('language', { enum: ['en', 'am'] })
      .notNull()
      .default('en'),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('telegram_start_tokens_user_idx').on(t.userId), index('telegram_start_tokens_expires_idx').on(t.expiresAt)],
);

/** The webhook's inbox: each update_id once; processed off the request path under a lease. */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    processedAt: timestamptz('processed_at'),
    outcome: text('outcome'),
  },
  (t) => [
    index('telegram_updates_pending_idx')
      .on(t.updateId)
      .where(sql`processed_at IS NULL`),
  ],
);

/** The send queue: one Bot API call per row, leased by one server at a time. */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    chatId: text('chat_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    params: jsonb('params').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAtColumn(),
    notBefore: timestamptz('not_before').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamptz('sent_at'),
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
    resultMessageId: bigint('result_message_id', { mode: 'number' }),
  },
  (t) => [
    index('telegram_outbox_due_idx')
      .on(t.notBefore, t.id)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
  ],
);

/** A listing's post in the channel of new listings. */
export const telegramChannelPosts = pgTable(
  'telegram_channel_posts',
  {
    /** No foreign key: a deleted listing's post is still found, to take it down. */
    listingId: uuid('listing_id').primaryKey(),
    chatId: text('chat_id').notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    postedAt: timestamptz('posted_at'),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    index('telegram_channel_posts_open_idx')
      .on(t.listingId)
      .where(sql`closed_at IS NULL`),
  ],
);
