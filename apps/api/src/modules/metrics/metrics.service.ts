import { METRICS_ALERTS_HOURS, METRICS_DAILY_DAYS, METRICS_FUNNEL_DAYS } from '@betoch/contracts/constants';
import type { TAlert, TDailyMetric, TFunnel } from '@betoch/contracts/admin';
import type { AppContext } from '../../app-context.ts';
import { addisDay } from '../../lib/addis-time.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { requireAdmin } from '../auth/access.ts';
import { mismatchesSince } from '../payments/purchases-for-admin.ts';
import { ALERT_THRESHOLDS, evaluateAlerts } from './alert-rules.ts';
import { EVENT } from '../../lib/product-events.ts';
import {
  conversationFunnel,
  countEvents,
  creditsSpentPerDay,
  eventSubjects,
  eventsByDataKey,
  eventsPerDay,
  postersFlaggedAsDuplicates,
} from './metrics.repository.ts';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** unlocked / ownerReplied in percent, one decimal; 0 when no owner replied. */
export function unlockRate(unlocked: number, ownerReplied: number): number {
  return ownerReplied === 0 ? 0 : Math.round((unlocked / ownerReplied) * 1000) / 10;
}

export function createMetricsService(ctx: AppContext) {
  /** The alerts of the last 24 hours (the admin page, and a periodic job that logs them for operators). */
  async function currentAlerts(): Promise<TAlert[]> {
    const now = ctx.now();
    const since = new Date(now.getTime() - METRICS_ALERTS_HOURS * HOUR_MS);
    const weekBefore = new Date(since.getTime() - 7 * DAY_MS);
    const t = ALERT_THRESHOLDS;
    const [reportsLast24h, reportsPrevious7d, autoHiddenListingIds, otpByIp, otpByRange, duplicatePosters, paymentMismatches] = await Promise.all([
      countEvents(ctx.db, EVENT.reportFiled, since, new Date(now.getTime() + 1)),
      countEvents(ctx.db, EVENT.reportFiled, weekBefore, since),
      eventSubjects(ctx.db, EVENT.autoHide, since, 100),
      eventsByDataKey(ctx.db, EVENT.otpRequested, 'ip', since, t.otpFromOneIp.warning),
      eventsByDataKey(ctx.db, EVENT.otpRequested, 'phone_prefix', since, t.otpToNumberRange.warning),
      postersFlaggedAsDuplicates(ctx.db, since, Math.min(t.duplicatePoster.warningClusters, t.duplicatePoster.warningListings)),
      mismatchesSince(ctx.db, since),
    ]);
    return evaluateAlerts({ reportsLast24h, reportsPrevious7d, autoHiddenListingIds, otpByIp, otpByRange, duplicatePosters, paymentMismatches });
  }

  return {
    /** GET /admin/metrics/daily: the last 14 Addis Ababa days, oldest first, today last. */
    async daily(admin: AuthUser): Promise<TDailyMetric[]> {
      requireAdmin(admin);
      const now = ctx.now();
      const days = Array.from({ length: METRICS_DAILY_DAYS }, (_, i) => addisDay(now, METRICS_DAILY_DAYS - 1 - i));
      const since = days[0]!.start;
      const types = [EVENT.listingPublished, EVENT.reportFiled, EVENT.contactUnlocked, EVENT.replyUnlocked, EVENT.autoHide, EVENT.conversationStarted];
      const [events, spent] = await Promise.all([eventsPerDay(ctx.db, types, since), creditsSpentPerDay(ctx.db, since)]);
      const count = (date: string, ...wanted: string[]) => events.filter((e) => e.day === date && wanted.includes(e.type)).reduce((s, e) => s + e.n, 0);
      return days.map(({ date }) => ({
        date,
        listings: count(date, EVENT.listingPublished),
        reports: count(date, EVENT.reportFiled),
        unlocks: count(date, EVENT.contactUnlocked, EVENT.replyUnlocked),
        creditsSpent: spent.filter((s) => s.day === date).reduce((sum, s) => sum + s.n, 0),
        autoHides: count(date, EVENT.autoHide),
        conversationsStarted: count(date, EVENT.conversationStarted),
      }));
    },

    /** GET /admin/metrics/funnels: conversations started in the last 30 days, as a funnel. */
    async funnel(admin: AuthUser): Promise<TFunnel> {
      requireAdmin(admin);
      const since = new Date(ctx.now().getTime() - METRICS_FUNNEL_DAYS * DAY_MS);
      const { started, ownerReplied, unlocked } = await conversationFunnel(ctx.db, since);
      return { days: METRICS_FUNNEL_DAYS, started, ownerReplied, unlocked, unlockRate: unlockRate(unlocked, ownerReplied) };
    },

    /** GET /admin/metrics/alerts: the rules of alert-rules.ts over the last 24 hours. */
    async alerts(admin: AuthUser): Promise<TAlert[]> {
      requireAdmin(admin);
      return currentAlerts();
    },

    currentAlerts,
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
