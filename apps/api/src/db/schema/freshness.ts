import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

/** A link of a 'still available?' SMS (migration 0016): only the token's SHA-256 hash is kept. */
export const listingConfirmTokens = pgTable(
  'listing_confirm_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('listing_confirm_tokens_listing_idx').on(t.listingId), index('listing_confirm_tokens_expires_idx').on(t.expiresAt)],
);

export type ListingConfirmTokenRow = typeof listingConfirmTokens.$inferSelect;

/** A tenant's 'Is it still available?', one per tenant and listing (migration 0016). */
export const listingAvailabilityAsks = pgTable(
  'listing_availability_asks',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.tenantId] }), index('listing_availability_asks_listing_idx').on(t.listingId, t.askedAt)],
);
