import { sql, type SQL } from 'drizzle-orm';
import { ADDIS_UTC_OFFSET_HOURS } from '@betoch/contracts/constants';

/**
 * Addis Ababa's clock (UTC+3 all year, no daylight saving: ADDIS_UTC_OFFSET_HOURS of the
 * contracts, the one copy the web's dates use too): its calendar day and hour of an instant, the
 * start of a day, and the day of a timestamp column in SQL.
 */
const OFFSET_MS = ADDIS_UTC_OFFSET_HOURS * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** The Addis Ababa calendar day (YYYY-MM-DD) and hour of an instant. */
export function addisClock(now: Date): { day: string; hour: number } {
  const local = new Date(now.getTime() + OFFSET_MS);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/** YYYY-MM-DD of the Addis Ababa day `daysBack` days before the one holding `now`, and its start. */
export function addisDay(now: Date, daysBack = 0): { date: string; start: Date } {
  const local = new Date(now.getTime() + OFFSET_MS);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - daysBack * DAY_MS;
  return { date: new Date(midnightLocal).toISOString().slice(0, 10), start: new Date(midnightLocal - OFFSET_MS) };
}

/** The Addis Ababa calendar day of a timestamptz expression, as a date. */
export function addisDateSql(column: SQL): SQL {
  return sql`((${column} AT TIME ZONE 'UTC') + ${sql.raw(`interval '${ADDIS_UTC_OFFSET_HOURS} hours'`)})::date`;
}
