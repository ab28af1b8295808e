const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since availability was confirmed (0 = within the last day); null when never. */
export function confirmedDaysAgo(confirmedAt: string | null | undefined, now: number): number | null {
  if (!confirmedAt) return null;
  const at = Date.parse(confirmedAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((now - at) / DAY_MS));
}
