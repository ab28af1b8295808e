/** A stretch of a text: its first character and the one after its last. */
export type Span = [start: number, end: number];

/** The spans sorted, empty ones dropped, overlapping and touching ones joined into one. */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = spans.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([span[0], span[1]]);
  }
  return out;
}
