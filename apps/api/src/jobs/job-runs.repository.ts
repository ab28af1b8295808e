import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows-of.ts';

export interface JobRunRow {
  name: string;
  runs: number;
  holder: string;
  next_run_at: Date | string;
  last_started_at: Date | string | null;
  last_finished_at: Date | string | null;
  last_error: string | null;
}

/**
 * Claims this period's run of a job: true for exactly one caller per period across every process
 * (the row's lock serialises concurrent claims, and the winner moves next_run_at a period on).
 * A run still holding its lease is not claimed again even when its period has passed.
 */
export async function claimJobRun(db: DbOrTx, name: string, now: Date, everyMs: number, leaseMs: number, holder: string): Promise<boolean> {
  const at = now.toISOString();
  const next = new Date(now.getTime() + everyMs).toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`INSERT INTO job_runs (name, next_run_at, lease_until, holder, runs, last_started_at)
        VALUES (${name}, ${next}::timestamptz, ${leaseUntil}::timestamptz, ${holder}, 1, ${at}::timestamptz)
        ON CONFLICT (name) DO UPDATE
          SET next_run_at = excluded.next_run_at, lease_until = excluded.lease_until, holder = excluded.holder,
              runs = job_runs.runs + 1, last_started_at = excluded.last_started_at
          WHERE job_runs.next_run_at <= ${at}::timestamptz AND job_runs.lease_until <= ${at}::timestamptz
        RETURNING name`,
  );
  return rows.length === 1;
}

/**
 * Of the jobs named, those that may be due at `now`: no row yet, or both their period and their
 * lease have passed. A read: a tick whose jobs are not due writes nothing (on the embedded
 * database each write is a commit to disk on the server's one thread, and claiming eleven jobs
 * every minute held the calls of that moment for tens of milliseconds). The claim stays the
 * arbiter: a job read as due here may still be claimed by another server first.
 */
export async function jobsMaybeDue(db: DbOrTx, names: readonly string[], now: Date): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const at = now.toISOString();
  const waiting = await rowsOf<{ name: string }>(
    db,
    sql`SELECT name FROM job_runs
        WHERE name IN (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})
          AND (next_run_at > ${at}::timestamptz OR lease_until > ${at}::timestamptz)`,
  );
  const notDue = new Set(waiting.map((row) => row.name));
  return new Set(names.filter((name) => !notDue.has(name)));
}

/** Ends a run: the lease is given back, the outcome kept for operators. */
export async function finishJobRun(db: DbOrTx, name: string, holder: string, now: Date, error: string | null): Promise<void> {
  await db.execute(
    sql`UPDATE job_runs SET lease_until = ${now.toISOString()}::timestamptz, last_finished_at = ${now.toISOString()}::timestamptz,
               last_error = ${error}
        WHERE name = ${name} AND holder = ${holder}`,
  );
}

export async function listJobRuns(db: DbOrTx): Promise<JobRunRow[]> {
  return rowsOf<JobRunRow>(db, sql`SELECT name, runs, holder, next_run_at, last_started_at, last_finished_at, last_error FROM job_runs ORDER BY name`);
}
