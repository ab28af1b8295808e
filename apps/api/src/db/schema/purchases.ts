import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SKUS } from '@betoch/contracts/constants';
import { PURCHASE_STATUSES } from '@betoch/contracts/payments';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';
import { userRef } from './references.ts';

/** One row per purchase (migrations 0003, 0009); a paid one commits with the ledger rows of its grant. */
export const purchases = pgTable(
  'purchases',
  {
    id: idColumn(),
    userId: userRef('user_id'),
    sku: text('sku', { enum: SKUS }).notNull(),
    priceEtb: integer('price_etb').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAtColumn(),
    /** Our own unguessable reference sent to the gateway (migration 0009). */
    txRef: text('tx_ref'),
    returnPath: text('return_path'),
    checkoutUrl: text('checkout_url'),
    /** Why a purchase failed, was cancelled or mismatched (for the admins). */
    statusReason: text('status_reason'),
    paidAt: timestamptz('paid_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('purchases_tx_ref_idx')
      .on(t.txRef)
      .where(sql`tx_ref IS NOT NULL`),
    // Reconciliation reads pending purchases by age; the admin list by status and date.
    index('purchases_status_idx').on(t.status, t.createdAt),
    index('purchases_created_idx').on(t.createdAt.desc()),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;

/** Keys of retried calls: the first answer is stored and answered again (migration 0003). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef('user_id'),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** What the first call asked for; the same key with another request is a conflict. */
    fingerprint: text('fingerprint').notNull(),
    answer: jsonb('answer'),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);
