import type { FastifyBaseLogger } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { MetricsService } from '../modules/metrics/metrics.service.ts';
import type { UploadsService } from '../modules/uploads/uploads.service.ts';
import { RECONCILE_EVERY_MS } from '../modules/payments/reconcile.ts';
import type { PeriodicJob } from './job-runner.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

export interface PeriodicJobDeps {
  uploads: Pick<UploadsService, 'removeOrphans'>;
  auth: Pick<AuthService, 'sweepExpired'>;
  metrics: Pick<MetricsService, 'currentAlerts'>;
  /** Payment reconciliation, with a checkout provider only (modules/payments/reconcile.ts). */
  reconcilePayments?: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Every periodic job of the product, with its period. Each runs once per period across all servers
 * (job-runner.ts claims it in the job_runs table first) and leaves nothing half done if its process
 * dies: one transaction per step, or steps that are safe to repeat.
 * To add one (listing expiry, say): an entry here with a name that never changes.
 */
export function periodicJobs(deps: PeriodicJobDeps): PeriodicJob[] {
  const { reconcilePayments } = deps;
  return [
    {
      // Photos no listing has used for a day: rows and files, batch by batch in transactions.
      name: 'orphan-photo-sweep',
      everyMs: HOUR_MS,
      run: (now) => deps.uploads.removeOrphans(now),
    },
    {
      // Spent sign-in codes and revoked tokens past their expiry: one DELETE each.
      name: 'auth-sweep',
      everyMs: HOUR_MS,
      run: () => deps.auth.sweepExpired(),
    },
    {
      // The admin alert rules (metrics/alert-rules.ts), logged at warn level so the shipped logs
      // can page someone without an admin watching the page. Reads only.
      name: 'alert-check',
      everyMs: 15 * MINUTE_MS,
      run: async () => {
        const alerts = await deps.metrics.currentAlerts();
        for (const alert of alerts) deps.log.warn({ alert: alert.rule, severity: alert.severity, data: alert.data }, alert.message);
        return { alerts: alerts.length };
      },
    },
    ...(reconcilePayments
      ? [
          {
            // Purchases still pending after 10 minutes are asked of the gateway again (granted
            // exactly once if paid); those older than 24 hours expire. Safe to repeat.
            name: 'payments-reconcile',
            everyMs: RECONCILE_EVERY_MS,
            run: () => reconcilePayments(),
          },
        ]
      : []),
  ];
}
