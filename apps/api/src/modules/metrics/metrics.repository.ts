import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { addisDateSql } from '../../lib/addis-time.ts';

/** The calendar day in Addis Ababa (UTC+3 all year) of a timestamp column, as YYYY-MM-DD. */
function addisDay(column: SQL): SQL {
  return sql`to_char(${addisDateSql(column)}, 'YYYY-MM-DD')`;
}

function textList(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/** Events per Addis day and type, from `since`. */
export async function eventsPerDay(db: DbOrTx, types: readonly string[], since: Date): Promise<Array<{ day: string; type: string; n: number }>> {
  const rows = await rowsOf<{ day: string; type: string; n: string | number }>(
    db,
    sql`SELECT ${addisDay(sql`created_at`)} AS day, type, count(*) AS n
        FROM app_events
        WHERE type IN (${textList(types)}) AND created_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1, 2`,
  );
  return rows.map((r) => ({ day: r.day, type: r.type, n: Number(r.n) }));
}

/**
 * Credits and post credits spent per Addis day, from the ledger (every spend is a negative row
 * there, in the same transaction as what it paid for); manual debits are not spending.
 */
export async function creditsSpentPerDay(db: DbOrTx, since: Date): Promise<Array<{ day: string; n: number }>> {
  const rows = await rowsOf<{ day: string; n: string | number }>(
    db,
    sql`SELECT ${addisDay(sql`created_at`)} AS day, sum(-delta) AS n
        FROM ledger_entries
        WHERE delta < 0 AND account IN ('credits', 'post_credits') AND kind <> 'manual_adjustment'
          AND created_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1`,
  );
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}

/** Conversations started since `since`, and how many of them the owner answered and the tenant unlocked. */
export async function conversationFunnel(db: DbOrTx, since: Date): Promise<{ started: number; ownerReplied: number; unlocked: number }> {
  const [row] = await rowsOf<{ started: string | number; owner_replied: string | number; unlocked: string | number }>(
    db,
    sql`WITH started AS (
          SELECT DISTINCT subject_id FROM app_events
          WHERE type = 'conversation_started' AND created_at >= ${since.toISOString()}::timestamptz
        )
        SELECT count(*) AS started,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM app_events e WHERE e.subject_id = s.subject_id AND e.type = 'owner_replied')) AS owner_replied,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM app_events e WHERE e.subject_id = s.subject_id AND e.type = 'reply_unlocked')) AS unlocked
        FROM started s`,
  );
  return { started: Number(row?.started ?? 0), ownerReplied: Number(row?.owner_replied ?? 0), unlocked: Number(row?.unlocked ?? 0) };
}

export async function countEvents(db: DbOrTx, type: string, since: Date, until: Date): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM app_events
        WHERE type = ${type} AND created_at >= ${since.toISOString()}::timestamptz AND created_at < ${until.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** Subjects of the events of one type since `since` (e.g. the listings hidden automatically). */
export async function eventSubjects(db: DbOrTx, type: string, since: Date, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ subject_id: string }>(
    db,
    sql`SELECT subject_id FROM app_events
        WHERE type = ${type} AND created_at >= ${since.toISOString()}::timestamptz AND subject_id IS NOT NULL
        ORDER BY created_at DESC LIMIT ${limit}`,
  );
  return rows.map((r) => r.subject_id);
}

/** Events of one type since `since` grouped by a key of their data, at least `min` per key, most first. */
export async function eventsByDataKey(db: DbOrTx, type: string, key: string, since: Date, min: number): Promise<Array<{ key: string; n: number }>> {
  const rows = await rowsOf<{ key: string; n: string | number }>(
    db,
    sql`SELECT data ->> ${key} AS key, count(*) AS n FROM app_events
        WHERE type = ${type} AND created_at >= ${since.toISOString()}::timestamptz AND data ->> ${key} IS NOT NULL
        GROUP BY 1 HAVING count(*) >= ${min}::int ORDER BY 2 DESC LIMIT 20`,
  );
  return rows.map((r) => ({ key: r.key, n: Number(r.n) }));
}

/** Posters whose new listings were flagged as duplicates at least `min` times since `since`. */
export async function postersFlaggedAsDuplicates(db: DbOrTx, since: Date, min: number): Promise<Array<{ phone: string; clusters: number; listings: number }>> {
  const rows = await rowsOf<{ phone: string; clusters: string | number; listings: string | number }>(
    db,
    sql`SELECT u.phone, count(DISTINCT e.subject_id) AS clusters, count(DISTINCT e.data ->> 'listing_id') AS listings
        FROM app_events e JOIN users u ON u.id = e.actor_id
        WHERE e.type = 'duplicate_flagged' AND e.created_at >= ${since.toISOString()}::timestamptz
        GROUP BY u.phone HAVING count(*) >= ${min}::int
        ORDER BY 2 DESC LIMIT 20`,
  );
  return rows.map((r) => ({ phone: r.phone, clusters: Number(r.clusters), listings: Number(r.listings) }));
}
