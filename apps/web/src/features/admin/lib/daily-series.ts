import type { TDailyMetric } from '@betoch/contracts/admin';

/** The daily table's columns after the date, in the spec's order. */
export const DAILY_SERIES = ['listings', 'reports', 'unlocks', 'creditsSpent', 'autoHides', 'conversationsStarted'] as const;
export type DailySeries = (typeof DAILY_SERIES)[number];

/** One series' values, oldest day first. */
export function seriesValues(days: readonly TDailyMetric[], series: DailySeries): number[] {
  return days.map((d) => d[series]);
}
