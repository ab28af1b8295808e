/**
 * A round top for a chart's axis (1, 2, 2.5, 5 or 10 times a power of ten) at or above the
 * largest value, so grid lines fall on readable numbers. At least 1, so an all-zero series draws.
 */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= max) return step * magnitude;
  }
  return 10 * magnitude;
}

/** Sum of one series. */
export function total(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0);
}

/** The day with the most of something (the first one on a tie), or null when every day is 0. */
export function peakIndex(values: readonly number[]): number | null {
  let best: number | null = null;
  values.forEach((v, i) => {
    if (v > 0 && (best === null || v > values[best]!)) best = i;
  });
  return best;
}
