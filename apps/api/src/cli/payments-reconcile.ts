/**
 * Runs payment reconciliation once by hand, on the configured database and provider:
 *   npm run payments:reconcile
 * Safe next to running servers: the run takes the same PostgreSQL advisory lock as theirs (a run
 * that finds it taken does nothing). Exit codes: 0 done (or skipped), 75 the embedded database is
 * held by a running server, 78 bad environment.
 */
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createPaymentProvider } from '../modules/payments/create-payment-provider.ts';
import { createPaymentConfirmer } from '../modules/payments/payment-confirmation.ts';
import { reconcilePayments } from '../modules/payments/reconcile.ts';
import { EXIT_BAD_ENV, EXIT_DATABASE_HELD, loadEnvOrSay, openTaskDatabase, runAsCommand } from './cli-start.ts';

async function main(): Promise<number> {
  const env = loadEnvOrSay();
  if (!env) return EXIT_BAD_ENV;
  const database = await openTaskDatabase(env, 'it reconciles on its own every 5 minutes.');
  if (!database) return EXIT_DATABASE_HELD;
  try {
    const log = pino({ level: env.logLevel }) as unknown as FastifyBaseLogger;
    const ctx = { db: database.db, database, log, now: () => new Date() };
    const report = await reconcilePayments(ctx, createPaymentConfirmer(ctx, createPaymentProvider(env)));
    console.log(
      report.ran
        ? `Checked ${report.checked} pending purchases: ${report.paid} paid, ${report.failed} failed or mismatched, ${report.expired} expired.`
        : 'Another process is reconciling right now; nothing done.',
    );
    return 0;
  } finally {
    await database.close();
  }
}

runAsCommand(import.meta.url, 'payments reconciliation', main);
