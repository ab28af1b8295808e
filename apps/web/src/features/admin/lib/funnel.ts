import type { TFunnel } from '@betoch/contracts/admin';

/** A percentage with 1 decimal: 42.857 -> '42.9%'. */
export function formatPercent(value: number, language?: string): string {
  const locale = language?.toLowerCase().startsWith('am') ? 'am-ET' : 'en-US';
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)}%`;
}

export interface FunnelStep {
  key: 'started' | 'ownerReplied' | 'unlocked';
  value: number;
  /** Width relative to the first step, 0 to 1 (the first step is 1 when anything started). */
  share: number;
  /** Share of the step before, in percent (null for the first step or after an empty one). */
  fromPrevious: number | null;
}

/** The three steps of the 30-day conversation funnel: started -> owner replied -> unlocked. */
export function funnelSteps(funnel: Pick<TFunnel, 'started' | 'ownerReplied' | 'unlocked'>): FunnelStep[] {
  const values = [
    ['started', funnel.started],
    ['ownerReplied', funnel.ownerReplied],
    ['unlocked', funnel.unlocked],
  ] as const;
  const top = Math.max(funnel.started, funnel.ownerReplied, funnel.unlocked);
  return values.map(([key, value], i) => {
    const previous = i > 0 ? values[i - 1]![1] : 0;
    return {
      key,
      value,
      share: top > 0 ? value / top : 0,
      fromPrevious: i > 0 && previous > 0 ? (value / previous) * 100 : null,
    };
  });
}
