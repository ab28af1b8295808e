import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns.ts';

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAtColumn(),
});

/**
 * Periodic jobs (src/jobs/periodic-jobs.ts): a server runs a job only after claiming its row, which
 * moves next_run_at one period on; lease_until keeps a second server from starting a run still going.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamptz('next_run_at').notNull(),
  leaseUntil: timestamptz('lease_until').notNull(),
  holder: text('holder').notNull(),
  runs: integer('runs').notNull().default(0),
  lastStartedAt: timestamptz('last_started_at'),
  lastFinishedAt: timestamptz('last_finished_at'),
  lastError: text('last_error'),
});
