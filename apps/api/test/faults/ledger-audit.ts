import type { Database } from '../../src/db/client.ts';
import { findLedgerMismatches } from '../../src/modules/wallet/wallet.repository.ts';

/** What clients were told succeeded (a 2xx answer), recorded on the client side. */
export interface Acknowledged {
  purchases: Array<{ phone: string; purchaseId: string }>;
  unlocks: Array<{ phone: string; listingId: string; usedCredit: boolean }>;
  publishes: Array<{ phone: string; listingId: string }>;
  messages: Array<{ messageId: string; conversationId: string; body: string }>;
}

export function emptyAcknowledged(): Acknowledged {
  return { purchases: [], unlocks: [], publishes: [], messages: [] };
}

/**
 * Half-applied changes: each query answers the rows of one broken pair (empty = none). A purchase
 * and its grant, an unlock and its charge, a publish and its post credit, an idempotency key and
 * its purchase always commit together.
 */
const HALF_APPLIED: Record<string, string> = {
  purchase_without_ledger_row: `
    SELECT p.id::text AS id FROM purchases p
    WHERE NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.kind = 'purchase' AND l.ref_id = p.id::text AND l.user_id = p.user_id)`,
  purchase_ledger_row_without_purchase: `
    SELECT l.id::text AS id FROM ledger_entries l
    WHERE l.kind = 'purchase' AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.id::text = l.ref_id AND p.user_id = l.user_id)`,
  idempotency_key_without_purchase: `
    SELECT k.key AS id FROM idempotency_keys k
    WHERE k.scope = 'purchase'
      AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = k.user_id AND p.idempotency_key = k.key)`,
  keyed_purchase_without_stored_answer: `
    SELECT p.id::text AS id FROM purchases p
    WHERE p.idempotency_key IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM idempotency_keys k
      WHERE k.user_id = p.user_id AND k.scope = 'purchase' AND k.key = p.idempotency_key AND k.answer IS NOT NULL)`,
  paid_unlock_without_one_charge: `
    SELECT u.id::text AS id FROM contact_unlocks u
    WHERE u.used_credit AND (
      SELECT count(*) FROM ledger_entries l
      WHERE l.kind = 'contact_unlock' AND l.user_id = u.user_id AND l.ref_id = u.listing_id::text) <> 1`,
  unlock_charge_without_unlock: `
    SELECT l.id::text AS id FROM ledger_entries l
    WHERE l.kind = 'contact_unlock' AND NOT EXISTS (
      SELECT 1 FROM contact_unlocks u WHERE u.user_id = l.user_id AND u.listing_id::text = l.ref_id AND u.used_credit)`,
  publish_charge_without_live_listing: `
    SELECT l.id::text AS id FROM ledger_entries l
    WHERE l.kind = 'publish' AND NOT EXISTS (
      SELECT 1 FROM listings x WHERE x.id::text = l.ref_id AND x.published_at IS NOT NULL)`,
  broker_listing_live_without_charge: `
    SELECT x.id::text AS id FROM listings x JOIN users u ON u.id = x.poster_id
    WHERE u.user_type = 'delala' AND x.published_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ledger_entries p WHERE p.user_id = u.id AND p.account = 'delala_unlimited_days')
      AND (SELECT count(*) FROM ledger_entries l WHERE l.kind = 'publish' AND l.ref_id = x.id::text) <> 1`,
};

/** Every problem found, one line each; empty when every invariant holds. */
export async function auditLedger(database: Database, acked: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  for (const m of await findLedgerMismatches(database.db)) problems.push(`ledger: ${m.problem} ${m.userId} ${m.detail}`);
  for (const [name, sql] of Object.entries(HALF_APPLIED)) {
    const rows = await database.sql.query<{ id: string }>(sql);
    for (const r of rows) problems.push(`half-applied: ${name} ${r.id}`);
  }

  const q = database.sql.query.bind(database.sql);
  if (acked.purchases.length) {
    const ids = acked.purchases.map((p) => p.purchaseId);
    const found = await q<{ id: string }>(
      `SELECT p.id::text AS id FROM purchases p JOIN users u ON u.id = p.user_id
       WHERE p.id::text = ANY($1::text[]) AND u.phone = ANY($2::text[])`,
      [ids, [...new Set(acked.purchases.map((p) => p.phone))]],
    );
    const have = new Set(found.map((r) => r.id));
    for (const p of acked.purchases) if (!have.has(p.purchaseId)) problems.push(`lost: purchase ${p.purchaseId} answered 200 to ${p.phone}`);
  }
  if (acked.unlocks.length) {
    const found = await q<{ key: string; used_credit: boolean }>(
      `SELECT u.phone || ' ' || c.listing_id::text AS key, c.used_credit FROM contact_unlocks c JOIN users u ON u.id = c.user_id
       WHERE u.phone = ANY($1::text[])`,
      [[...new Set(acked.unlocks.map((x) => x.phone))]],
    );
    const have = new Map(found.map((r) => [r.key, r.used_credit]));
    for (const x of acked.unlocks) {
      const key = `${x.phone} ${x.listingId}`;
      if (!have.has(key)) problems.push(`lost: unlock ${key} answered 200`);
      else if (x.usedCredit && !have.get(key)) problems.push(`changed: unlock ${key} answered as paid, stored as free`);
    }
  }
  if (acked.publishes.length) {
    const found = await q<{ id: string }>(
      `SELECT x.id::text AS id FROM listings x WHERE x.id::text = ANY($1::text[]) AND x.visibility = 'live' AND x.published_at IS NOT NULL`,
      [acked.publishes.map((p) => p.listingId)],
    );
    const have = new Set(found.map((r) => r.id));
    for (const p of acked.publishes) if (!have.has(p.listingId)) problems.push(`lost: publish of ${p.listingId} answered 200`);
  }
  if (acked.messages.length) {
    const found = await q<{ id: string; conversation_id: string; body: string }>(
      `SELECT id::text AS id, conversation_id::text AS conversation_id, body FROM messages WHERE id::text = ANY($1::text[])`,
      [acked.messages.map((m) => m.messageId)],
    );
    const have = new Map(found.map((r) => [r.id, r]));
    for (const m of acked.messages) {
      const row = have.get(m.messageId);
      if (!row) problems.push(`lost: message ${m.messageId} answered 200`);
      else if (row.conversation_id !== m.conversationId || row.body !== m.body) problems.push(`changed: message ${m.messageId}`);
    }
  }
  return problems;
}
