import { sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '@betoch/contracts/saved-searches';
import { boolean, date, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';
import { listingRef, userRef } from './references.ts';

/** Saved searches, their notifications and the SMS digest (migration 0015). */

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: idColumn(),
    userId: userRef('user_id'),
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
    /** Alerts by Telegram too (migration 0022; needs a linked chat). */
    telegram: boolean('telegram').notNull().default(false),
    lastVisitedAt: timestamptz('last_visited_at').notNull().defaultNow(),
    createdAt: createdAtColumn(),
    /** 'type_group|subcity|source' with '*' for any (never written): the matching index's key. */
    matchKey: text('match_key').generatedAlwaysAs(sql`coalesce(type_group, '*') || '|' || coalesce(subcity, '*') || '|' || coalesce(source, '*')`),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_match_idx')
      .on(t.matchKey)
      .where(sql`alerts = true`),
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
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
    doneAt: timestamptz('done_at'),
  },
  (t) => [
    index('saved_search_match_queue_due_idx')
      .on(t.queuedAt)
      .where(sql`done_at IS NULL`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: userRef('user_id'),
    listingId: listingRef('listing_id'),
    /**
     * What it tells (migration 0025): 'saved_search_match', a new listing matched a saved search;
     * 'saved_listing_gone', a listing the person saved left the market (favourites' listener).
     */
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull().default('saved_search_match'),
    /** The search that matched (null for 'saved_listing_gone'). No foreign key (migration 0015): readers join saved_searches, a deleted one joins nothing. */
    savedSearchId: uuid('saved_search_id'),
    createdAt: createdAtColumn(),
    readAt: timestamptz('read_at'),
    smsSentAt: timestamptz('sms_sent_at'),
  },
  (t) => [
    unique('notifications_user_listing_kind_key').on(t.userId, t.listingId, t.kind),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_sms_due_idx')
      .on(t.createdAt)
      .where(sql`sms_sent_at IS NULL`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** One SMS digest per person and Addis calendar day. */
export const smsDigests = pgTable(
  'sms_digests',
  {
    userId: userRef('user_id'),
    addisDay: date('addis_day').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
    listings: integer('listings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addisDay] })],
);
