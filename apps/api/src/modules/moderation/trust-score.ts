import type { TTrustSignal } from '@betoch/contracts/admin';
import { FAIR_PRICE } from '@betoch/contracts/fair-price';

/** What a listing's trust score is computed from; every field is read from stored data. */
export interface TrustInputs {
  /** Reports in the listing's open moderation case. */
  openReports: number;
  /** Duplicate clusters awaiting review that hold the listing. */
  openDuplicateClusters: number;
  photoCount: number;
  priceEtb: number;
  /**
   * The fair-price band of the listing (modules/fair-price/price-bands.ts): median price of the
   * visible listings of the same subcity, type and bedrooms, with how many it is taken over. The
   * same numbers as the hint on /l/{id}.
   */
  median: { median: number; count: number } | null;
  posterCreatedAt: Date;
  posterWarnings: number;
  /** Times moderation suspended the poster. */
  posterSuspensions: number;
  posterStatus: 'active' | 'suspended' | 'banned';
  /** Approved refund claims against the poster: tenants paid for contacts that were dead. */
  posterApprovedRefunds?: number;
  /**
   * The poster is verified with Fayda (docs/fayda.md): who they are is known, so a new account is
   * no signal; the rest still counts.
   */
  posterVerified?: boolean;
  now: Date;
}

/** The points each signal takes off 100; the rules are documented in docs/trust-and-safety.md. */
export const TRUST_RULES = {
  perOpenReport: 15,
  openReportsMax: 45,
  duplicateCluster: 20,
  /** Per photo missing below 3. */
  perMissingPhoto: 10,
  photosExpected: 3,
  /** A median needs this many live listings (the listing may be one of them) to judge a price: the hint's rule. */
  medianMinListings: FAIR_PRICE.minComparables,
  farBelowRatio: 0.5,
  farBelowPoints: 30,
  belowRatio: 0.7,
  belowPoints: 10,
  accountDayOldPoints: 15,
  accountWeekOldPoints: 10,
  perWarning: 5,
  warningsMax: 15,
  suspendedBefore: 15,
  currentlySuspended: 20,
  banned: 50,
  perApprovedRefund: 10,
  approvedRefundsMax: 30,
} as const;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Trust score 0 to 100 (100 = nothing suspicious) and the signals that lowered it, strongest
 * first. A pure function: the same inputs always give the same score.
 */
export function trustScore(input: TrustInputs): { score: number; signals: TTrustSignal[] } {
  const r = TRUST_RULES;
  const signals: TTrustSignal[] = [];
  const add = (code: TTrustSignal['code'], points: number) => {
    if (points > 0) signals.push({ code, points });
  };

  add('open_reports', Math.min(r.openReportsMax, input.openReports * r.perOpenReport));
  add('duplicate_cluster', input.openDuplicateClusters > 0 ? r.duplicateCluster : 0);
  add('few_photos', Math.max(0, r.photosExpected - input.photoCount) * r.perMissingPhoto);

  if (input.median && input.median.count >= r.medianMinListings && input.median.median > 0) {
    const ratio = input.priceEtb / input.median.median;
    if (ratio < r.farBelowRatio) add('price_far_below_median', r.farBelowPoints);
    else if (ratio < r.belowRatio) add('price_below_median', r.belowPoints);
  }

  const ageMs = input.now.getTime() - input.posterCreatedAt.getTime();
  if (!input.posterVerified) add('new_account', ageMs < DAY_MS ? r.accountDayOldPoints : ageMs < 7 * DAY_MS ? r.accountWeekOldPoints : 0);
  add('poster_warnings', Math.min(r.warningsMax, input.posterWarnings * r.perWarning));
  add('poster_suspended_before', input.posterSuspensions > 0 ? r.suspendedBefore : 0);
  add('poster_refunds', Math.min(r.approvedRefundsMax, (input.posterApprovedRefunds ?? 0) * r.perApprovedRefund));
  add('poster_restricted', input.posterStatus === 'banned' ? r.banned : input.posterStatus === 'suspended' ? r.currentlySuspended : 0);

  signals.sort((a, b) => b.points - a.points);
  const lost = signals.reduce((sum, s) => sum + s.points, 0);
  return { score: Math.max(0, Math.min(100, 100 - lost)), signals };
}
