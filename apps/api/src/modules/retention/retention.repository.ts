import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { addisDateSql } from '../../lib/addis-time.ts';

async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(db, query);
  return Number(row?.n ?? 0);
}

/** Sign-in codes (their hash and tries) sent before `before`, used or not. */
export async function deleteSignInCodesSentBefore(db: DbOrTx, before: Date): Promise<number> {
  return countOf(
    db,
    sql`WITH gone AS (DELETE FROM otp_codes WHERE created_at < ${before.toISOString()}::timestamptz RETURNING 1)
        SELECT count(*) AS n FROM gone`,
  );
}

/** The client address of events older than `before` removed from their data; the rest of each event stays. */
export async function stripClientAddressesBefore(db: DbOrTx, before: Date): Promise<number> {
  return countOf(
    db,
    sql`WITH stripped AS (
          UPDATE app_events SET data = data - 'ip'
          WHERE created_at < ${before.toISOString()}::timestamptz AND data ->> 'ip' IS NOT NULL
          RETURNING 1
        )
        SELECT count(*) AS n FROM stripped`,
  );
}

/**
 * Up to `limit` events older than `before` deleted and, in the same statement, counted into
 * app_event_days by Addis Ababa day (UTC+3) and type: a count is never lost nor added twice.
 */
export async function rollUpAndDropEventsBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  return countOf(
    db,
    sql`WITH gone AS (
          DELETE FROM app_events
          WHERE id IN (SELECT id FROM app_events WHERE created_at < ${before.toISOString()}::timestamptz ORDER BY created_at LIMIT ${limit})
          RETURNING created_at, type
        ),
        days AS (
          SELECT ${addisDateSql(sql`created_at`)} AS day, type, count(*)::int AS n
          FROM gone GROUP BY 1, 2
        ),
        added AS (
          INSERT INTO app_event_days (day, type, n) SELECT day, type, n FROM days
          ON CONFLICT (day, type) DO UPDATE SET n = app_event_days.n + excluded.n
        )
        SELECT coalesce(sum(n), 0) AS n FROM days`,
  );
}

/** Event counts per day of one type kept after the events were dropped (oldest first). */
export async function eventDays(db: DbOrTx, type: string): Promise<Array<{ day: string; n: number }>> {
  const rows = await rowsOf<{ day: string; n: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, n FROM app_event_days WHERE type = ${type} ORDER BY day`,
  );
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}
