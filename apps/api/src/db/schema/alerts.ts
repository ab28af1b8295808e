import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

/** Saved searches, their notifications and the SMS digest (migration 0015). */

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['apartment', 'villa', 'condo', 'house', 'studio', 'condominium'] }),
    /** The type as listings.type_group reads it (condominium -> condo). */
    typeGroup: text('type_group'),
    subcity: text('subcity'),
    source: text('source', { enum: ['landlord', 'delala'] }),
    priceMin: integer('price_min'),
    priceMax: integer('price_max'),
    q: text('q'),
    /** The place search expanded (place-search.ts): folded terms, and the subcities it names. */
    placeTerms: text('place_terms').array(),
    placeSubcities: text('place_subcities').array(),
    alerts: boolean('alerts').notNull().default(true),
    sms: boolean('sms').notNull().default(false),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'type_group|subcity|source' with '*' for any (never written): the matching index's key. */
    matchKey: text('match_key').generatedAlwaysAs(
      sql`coalesce(type_group, '*') || '|' || coalesce(subcity, '*') || '|' || coalesce(source, '*')`,
    ),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_match_idx').on(t.matchKey).where(sql`alerts = true`),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearchRow = typeof savedSearches.$inferInsert;

/** Listings gone live, waiting to be matched once (a trigger on listings adds them). */
export const savedSearchMatchQueue = pgTable(
  'saved_search_match_queue',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('saved_search_match_queue_due_idx').on(t.queuedAt).where(sql`done_at IS NULL`)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** No foreign key (migration 0015): readers join saved_searches, a deleted one joins nothing. */
    savedSearchId: uuid('saved_search_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('notifications_user_listing_key').on(t.userId, t.listingId),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_sms_due_idx').on(t.createdAt).where(sql`sms_sent_at IS NULL`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** One SMS digest per person and Addis calendar day. */
export const smsDigests = pgTable(
  'sms_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addisDay: date('addis_day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    listings: integer('listings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addisDay] })],
);
