import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SKUS } from '@betoch/contracts/constants';
import { users } from './users.ts';

/** One row per purchase (migration 0003); it commits with the ledger rows of its grant. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sku: text('sku', { enum: SKUS }).notNull(),
    priceEtb: integer('price_etb').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: ['completed'] }).notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchases_user_idx').on(t.userId, t.createdAt)],
);

export type PurchaseRow = typeof purchases.$inferSelect;

/** Keys of retried calls: the first answer is stored and answered again (migration 0003). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** What the first call asked for; the same key with another request is a conflict. */
    fingerprint: text('fingerprint').notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);
