import type { TAlert } from '@betoch/contracts/admin';

/** What the alert rules look at: counts of the last 24 hours (and the week before, for spikes). */
export interface AlertInputs {
  reportsLast24h: number;
  /** Reports of the 7 days before the last 24 hours. */
  reportsPrevious7d: number;
  autoHiddenListingIds: string[];
  /** Codes sent per client IP. */
  otpByIp: Array<{ key: string; n: number }>;
  /** Codes sent per number range (a phone without its last 4 digits). */
  otpByRange: Array<{ key: string; n: number }>;
  /** Posters whose new listings were flagged as duplicates: clusters and listings involved. */
  duplicatePosters: Array<{ phone: string; clusters: number; listings: number }>;
  /** Purchases the gateway reported paid with another amount, currency or reference (nothing granted). */
  paymentMismatches: Array<{ txRef: string | null; priceEtb: number; reason: string | null }>;
}

/** Thresholds of each rule: [warning, alert]. docs/trust-and-safety.md explains them. */
export const ALERT_THRESHOLDS = {
  /** Reports in 24 hours (and at least this many times the daily average of the week before). */
  reportSpike: { warning: 5, alert: 10, warningFactor: 2, alertFactor: 3 },
  autoHides: { warning: 1, alert: 3 },
  /** The per-IP limit is 30 codes an hour: a client near it all day is pumping. */
  otpFromOneIp: { warning: 20, alert: 50 },
  /** Each phone gets at most 5 codes an hour; many to one range means numbers are being cycled. */
  otpToNumberRange: { warning: 15, alert: 40 },
  /** Clusters (or listings) one poster's new listings were flagged into. */
  duplicatePoster: { warningClusters: 2, alertClusters: 4, warningListings: 3, alertListings: 6 },
} as const;

type Severity = TAlert['severity'];

function level(n: number, warning: number, alert: number): Severity | null {
  if (n >= alert) return 'alert';
  if (n >= warning) return 'warning';
  return null;
}

/** Raises the alerts of the last 24 hours from the counts; 'alert' ones first. A pure function. */
export function evaluateAlerts(input: AlertInputs): TAlert[] {
  const t = ALERT_THRESHOLDS;
  const alerts: TAlert[] = [];

  const dailyAverage = input.reportsPrevious7d / 7;
  const spikeSeverity: Severity | null =
    input.reportsLast24h >= Math.max(t.reportSpike.alert, t.reportSpike.alertFactor * dailyAverage)
      ? 'alert'
      : input.reportsLast24h >= Math.max(t.reportSpike.warning, t.reportSpike.warningFactor * dailyAverage)
        ? 'warning'
        : null;
  if (spikeSeverity) {
    alerts.push({
      rule: 'report_spike',
      severity: spikeSeverity,
      message: `${input.reportsLast24h} reports in the last 24 hours (daily average of the week before: ${dailyAverage.toFixed(1)})`,
      data: { reports: input.reportsLast24h, previousDailyAverage: Math.round(dailyAverage * 10) / 10 },
    });
  }

  const hides = input.autoHiddenListingIds.length;
  const hideSeverity = level(hides, t.autoHides.warning, t.autoHides.alert);
  if (hideSeverity) {
    alerts.push({
      rule: 'auto_hides',
      severity: hideSeverity,
      message: `${hides} listing${hides === 1 ? ' was' : 's were'} hidden automatically after reports from 3 people`,
      data: { count: hides, listingIds: input.autoHiddenListingIds },
    });
  }

  for (const { key, n } of input.otpByIp) {
    const severity = level(n, t.otpFromOneIp.warning, t.otpFromOneIp.alert);
    if (severity) {
      alerts.push({ rule: 'otp_from_one_ip', severity, message: `${n} sign-in codes requested from IP ${key} in 24 hours`, data: { ip: key, codes: n } });
    }
  }

  for (const { key, n } of input.otpByRange) {
    const severity = level(n, t.otpToNumberRange.warning, t.otpToNumberRange.alert);
    if (severity) {
      alerts.push({
        rule: 'otp_to_number_range',
        severity,
        message: `${n} sign-in codes sent to numbers ${key}XXXX in 24 hours (possible SMS pumping)`,
        data: { numberRange: `${key}XXXX`, codes: n },
      });
    }
  }

  for (const poster of input.duplicatePosters) {
    const d = t.duplicatePoster;
    const severity =
      poster.clusters >= d.alertClusters || poster.listings >= d.alertListings
        ? 'alert'
        : poster.clusters >= d.warningClusters || poster.listings >= d.warningListings
          ? 'warning'
          : null;
    if (severity) {
      alerts.push({
        rule: 'duplicate_poster',
        severity,
        message: `Poster ${poster.phone} is behind ${poster.listings} listings flagged as duplicates in ${poster.clusters} clusters in 24 hours`,
        data: { posterPhone: poster.phone, clusters: poster.clusters, listings: poster.listings },
      });
    }
  }

  if (input.paymentMismatches.length) {
    const n = input.paymentMismatches.length;
    alerts.push({
      rule: 'payment_mismatch',
      severity: 'alert',
      message: `${n} payment${n === 1 ? '' : 's'} reported by the gateway did not match the purchase (nothing granted): check them in Payments & Adjustments`,
      data: { purchases: n, txRefs: input.paymentMismatches.map((m) => m.txRef), reasons: input.paymentMismatches.map((m) => m.reason) },
    });
  }

  return alerts.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'alert' ? -1 : 1));
}
