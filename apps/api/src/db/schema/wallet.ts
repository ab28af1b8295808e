import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';
import { userRef } from './references.ts';

/**
 * Balances and plan end dates, one row per user. Never written directly: only the wallet ledger
 * service changes it, in the same transaction as the ledger row that explains the change.
 */
export const walletAccounts = pgTable('wallet_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  credits: integer('credits').notNull().default(0),
  postCredits: integer('post_credits').notNull().default(0),
  tenantUnlimitedUntil: timestamptz('tenant_unlimited_until'),
  delalaUnlimitedUntil: timestamptz('delala_unlimited_until'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Append-only: every change of a balance or plan is one row here. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: idColumn(),
    userId: userRef('user_id'),
    account: text('account', { enum: ['credits', 'post_credits', 'tenant_unlimited_days', 'delala_unlimited_days'] }).notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after'),
    kind: text('kind').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    /** Plan rows: the end date this row set (migration 0003). */
    planUntil: timestamptz('plan_until'),
    /** The ledger's order (migration 0003). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ledger_entries_seq_idx').on(t.seq),
    index('ledger_entries_ref_idx').on(t.refType, t.refId),
    // Exactly one grant per purchase, refused by the database itself (migration 0009).
    uniqueIndex('ledger_entries_purchase_once_idx')
      .on(t.refId)
      .where(sql`kind = 'purchase' AND ref_type = 'purchase'`),
    // Exactly one refund per contact unlock (migration 0017).
    uniqueIndex('ledger_entries_refund_once_idx')
      .on(t.refId)
      .where(sql`kind = 'refund' AND ref_type = 'contact_unlock'`),
  ],
);
