import type { FastifyBaseLogger } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { FreshnessService } from '../modules/freshness/freshness.service.ts';
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
  /** Listings that stay true (modules/freshness): the 14-day question and the expiries. */
  freshness?: Pick<FreshnessService, 'sweep'>;
  /** Payment reconciliation, with a checkout provider only (modules/payments/reconcile.ts). */
  reconcilePayments?: () => Promise<unknown>;
  /** Listings gone live matched against saved searches (normally kicked at publish; this catches leftovers). */
  savedSearchMatch?: () => Promise<unknown>;
  /** The saved searches' SMS digest (quiet hours and once a day inside). */
  smsDigest?: (now: Date) => Promise<unknown>;
  /** Every fair-price band from the visible listings (modules/fair-price/price-bands.repository.ts). */
  refreshPriceBands: (now: Date) => Promise<unknown>;
  /** What has outlived its period in modules/retention/retention-periods.ts deleted or stripped. */
  retention: (now: Date) => Promise<unknown>;
  /** Account exports a kick missed, and expiry of download links (modules/account). */
  accountExports?: (now: Date) => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Every periodic job of the product, with its period. Each runs once per period across all servers
 * (job-runner.ts claims it in the job_runs table first) and leaves nothing half done if its process
 * dies: one transaction per step, or steps that are safe to repeat.
 * To add one: an entry here with a name that never changes.
 */
export function periodicJobs(deps: PeriodicJobDeps): PeriodicJob[] {
  const { reconcilePayments, freshness, savedSearchMatch, smsDigest, accountExports } = deps;
  return [
    ...(freshness
      ? [
          {
            // Asks posters of listings unconfirmed for 14 days (once, in-app and by SMS), expires
            // those unconfirmed for 30 days and those whose tenants' asks went unanswered for 48
            // hours, and removes dead SMS links. Each step is a statement of its own, safe to repeat.
            name: 'listing-freshness',
            everyMs: 15 * MINUTE_MS,
            run: (now: Date) => freshness.sweep(now),
          },
        ]
      : []),
    {
      // Photos no listing has used for a day: rows and files, batch by batch in transactions.
      name: 'orphan-photo-sweep',
      everyMs: HOUR_MS,
      run: (now) => deps.uploads.removeOrphans(now),
    },
    {
      // Revoked tokens past their expiry: one DELETE.
      name: 'auth-sweep',
      everyMs: HOUR_MS,
      run: () => deps.auth.sweepExpired(),
    },
    {
      // The retention periods (modules/retention/retention-periods.ts): sign-in codes 24 hours after
      // they were sent, client addresses in events after 30 days, events after 13 months (counted
      // per day first). Each step one statement, safe to repeat.
      name: 'data-retention',
      everyMs: HOUR_MS,
      run: (now) => deps.retention(now),
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
    {
      // The median prices of the fair-price hint and the trust score, at most an hour old: one
      // INSERT ... SELECT ... GROUP BY over the visible listings. Safe to repeat.
      name: 'price-bands',
      everyMs: HOUR_MS,
      run: (now) => deps.refreshPriceBands(now),
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
    ...(savedSearchMatch
      ? [
          {
            // Queued listings a process left unmatched (it stopped mid-way); each is matched once.
            name: 'saved-search-match',
            everyMs: MINUTE_MS,
            run: () => savedSearchMatch(),
          },
        ]
      : []),
    ...(smsDigest
      ? [
          {
            // One SMS a day at most per person, never 21:00-07:00 Addis time: a run at 07:00 sends what waited.
            name: 'saved-search-sms-digest',
            everyMs: 15 * MINUTE_MS,
            run: (now: Date) => smsDigest(now),
          },
        ]
      : []),
    ...(accountExports
      ? [
          {
            // Exports a process left unbuilt (each is kicked at its request), and links past 24
            // hours: their content is dropped, the row stays as the log. Safe to repeat.
            name: 'account-exports',
            everyMs: 5 * MINUTE_MS,
            run: (now: Date) => accountExports(now),
          },
        ]
      : []),
  ];
}
