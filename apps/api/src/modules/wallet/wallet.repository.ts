import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { ledgerEntries } from '../../db/schema/wallet.ts';

export interface LedgerMismatch {
  userId: string;
  /** Which rule broke: balance_differs, negative_balance, running_balance, plan_differs. */
  problem: string;
  detail: string;
}

/**
 * Checks the ledger's invariants for every user and answers each breach (empty = all hold):
 * - each balance (credits, post credits) equals the sum of its ledger rows and is not negative;
 * - each ledger row's balance_after equals the running sum up to it, and never dips below zero;
 * - each plan's end date equals the end date its latest ledger row set (null without rows).
 * Used at the end of every wallet test file and by the safety tests.
 */
export async function findLedgerMismatches(db: DbOrTx): Promise<LedgerMismatch[]> {
  const balances = await rowsOf<{ user_id: string; account: string; wallet: number; ledger: number }>(
    db,
    sql`
      WITH sums AS (
        SELECT user_id,
               COALESCE(SUM(delta) FILTER (WHERE account = 'credits'), 0)::int AS credits,
               COALESCE(SUM(delta) FILTER (WHERE account = 'post_credits'), 0)::int AS post_credits
        FROM ledger_entries GROUP BY user_id
      ),
      ids AS (SELECT user_id FROM wallet_accounts UNION SELECT user_id FROM sums),
      joined AS (
        SELECT ids.user_id,
               COALESCE(w.credits, 0) AS w_credits, COALESCE(s.credits, 0) AS l_credits,
               COALESCE(w.post_credits, 0) AS w_post, COALESCE(s.post_credits, 0) AS l_post
        FROM ids
        LEFT JOIN wallet_accounts w ON w.user_id = ids.user_id
        LEFT JOIN sums s ON s.user_id = ids.user_id
      )
      SELECT user_id::text AS user_id, 'credits' AS account, w_credits AS wallet, l_credits AS ledger
        FROM joined WHERE w_credits <> l_credits OR w_credits < 0
      UNION ALL
      SELECT user_id::text, 'post_credits', w_post, l_post
        FROM joined WHERE w_post <> l_post OR w_post < 0`,
  );
  const running = await rowsOf<{ user_id: string; account: string; seq: string; balance_after: number | null; running: number }>(
    db,
    sql`
      SELECT user_id::text AS user_id, account, seq::text AS seq, balance_after, running::int AS running
      FROM (
        SELECT user_id, account, seq, balance_after,
               SUM(delta) OVER (PARTITION BY user_id, account ORDER BY seq) AS running
        FROM ledger_entries WHERE account IN ('credits', 'post_credits')
      ) r
      WHERE balance_after IS DISTINCT FROM running OR running < 0`,
  );
  const plans = await rowsOf<{ user_id: string; account: string; wallet: string | null; ledger: string | null }>(
    db,
    sql`
      WITH latest AS (
        SELECT DISTINCT ON (user_id, account) user_id, account, plan_until
        FROM ledger_entries WHERE account IN ('tenant_unlimited_days', 'delala_unlimited_days')
        ORDER BY user_id, account, seq DESC
      ),
      pairs AS (
        SELECT w.user_id, 'tenant_unlimited_days' AS account, w.tenant_unlimited_until AS wallet FROM wallet_accounts w
        UNION ALL
        SELECT w.user_id, 'delala_unlimited_days', w.delala_unlimited_until FROM wallet_accounts w
      )
      SELECT COALESCE(p.user_id, l.user_id)::text AS user_id, COALESCE(p.account, l.account) AS account,
             p.wallet::text AS wallet, l.plan_until::text AS ledger
      FROM pairs p FULL JOIN latest l ON l.user_id = p.user_id AND l.account = p.account
      WHERE p.wallet IS DISTINCT FROM l.plan_until`,
  );
  return [
    ...balances.map((r) => ({
      userId: r.user_id,
      problem: Number(r.wallet) < 0 ? 'negative_balance' : 'balance_differs',
      detail: `${r.account}: wallet ${r.wallet}, ledger sum ${r.ledger}`,
    })),
    ...running.map((r) => ({
      userId: r.user_id,
      problem: 'running_balance',
      detail: `${r.account} row ${r.seq}: balance_after ${r.balance_after}, running sum ${r.running}`,
    })),
    ...plans.map((r) => ({
      userId: r.user_id,
      problem: 'plan_differs',
      detail: `${r.account}: wallet ${r.wallet ?? 'null'}, latest ledger row ${r.ledger ?? 'none'}`,
    })),
  ];
}

export interface HistoryRow {
  id: string;
  kind: string;
  account: 'credits' | 'post_credits';
  delta: number;
  balanceAfter: number | null;
  createdAt: Date;
}

/** The user's last balance changes (credits and post credits), newest first. */
export async function walletHistory(db: DbOrTx, userId: string, limit: number): Promise<HistoryRow[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      account: ledgerEntries.account,
      delta: ledgerEntries.delta,
      balanceAfter: ledgerEntries.balanceAfter,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.account, ['credits', 'post_credits'])))
    .orderBy(desc(ledgerEntries.seq))
    .limit(limit);
  return rows as HistoryRow[];
}
