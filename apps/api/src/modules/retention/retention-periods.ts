/**
 * How long each kind of personal data is kept before it is deleted or stripped: the one table of
 * periods in the code (docs/privacy.md, "What we keep and for how long", says the same in words).
 * The retention job (retention.service.ts, in jobs/periodic-jobs.ts) enforces the first three; the
 * orphan-photo sweep the fourth; rate-limit counters expire by themselves in the key store.
 */

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const RETENTION = {
  /** otp_codes: a sign-in code's keyed hash and its tries, from when it was sent. */
  signInCodeMs: 24 * HOUR_MS,
  /** app_events.data.ip: the client address a sign-in code was asked from, from the event. */
  clientAddressMs: 30 * DAY_MS,
  /** app_events: product events, counted per day into app_event_days first; calendar months. */
  appEventMonths: 13,
  /** uploads: a photo no listing uses (never attached, or its listing deleted), from its upload. */
  orphanUploadMs: 24 * HOUR_MS,
  /** Rate-limit counters keyed by client network or phone (KvStore, memory or Redis): their own TTL. */
  rateLimitCounterMaxMs: HOUR_MS,
} as const;

/** The moment before which app events are dropped: `now` less 13 calendar months (UTC). */
export function appEventsCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION.appEventMonths);
  return cutoff;
}
