import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns.ts';
import { listingRef, userRef } from './references.ts';

/** A link of a 'still available?' SMS (migration 0016): only the token's SHA-256 hash is kept. */
export const listingConfirmTokens = pgTable(
  'listing_confirm_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    listingId: listingRef('listing_id'),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('listing_confirm_tokens_listing_idx').on(t.listingId), index('listing_confirm_tokens_expires_idx').on(t.expiresAt)],
);

export type ListingConfirmTokenRow = typeof listingConfirmTokens.$inferSelect;

/** A tenant's 'Is it still available?', one per tenant and listing (migration 0016). */
export const listingAvailabilityAsks = pgTable(
  'listing_availability_asks',
  {
    listingId: listingRef('listing_id'),
    tenantId: userRef('tenant_id'),
    askedAt: timestamptz('asked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.tenantId] }), index('listing_availability_asks_listing_idx').on(t.listingId, t.askedAt)],
);
