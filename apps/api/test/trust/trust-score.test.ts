import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TListingCaseSummary } from '@betoch/contracts/admin';
import { priceBandFor } from '../../src/modules/fair-price/price-bands.ts';
import { trustScore, type TrustInputs } from '../../src/modules/moderation/trust-score.ts';
import { createDraftWithPhotos, createLiveListing, publishListing } from '../support/factories.ts';
import { signUp } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { act, admin, caseOf, createTrustTestApp, description, expectStatus, report } from './trust-calls.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 24 * 3600 * 1000;

/** A listing with nothing suspicious about it. */
function clean(overrides: Partial<TrustInputs> = {}): TrustInputs {
  return {
    openReports: 0,
    openDuplicateClusters: 0,
    photoCount: 5,
    priceEtb: 20_000,
    median: { median: 20_000, count: 10 },
    posterCreatedAt: new Date(NOW.getTime() - 90 * DAY),
    posterWarnings: 0,
    posterSuspensions: 0,
    posterStatus: 'active',
    now: NOW,
    ...overrides,
  };
}

describe('trustScore (pure)', () => {
  it('is 100 with no signal, and each signal takes off its points', () => {
    expect(trustScore(clean())).toEqual({ score: 100, signals: [] });
    expect(trustScore(clean({ openReports: 1 })).score).toBe(85);
    expect(trustScore(clean({ openReports: 2 })).score).toBe(70);
    expect(trustScore(clean({ openReports: 9 })).score).toBe(55); // at most 45 for reports
    expect(trustScore(clean({ openDuplicateClusters: 2 })).score).toBe(80);
    expect(trustScore(clean({ photoCount: 2 })).score).toBe(90);
    expect(trustScore(clean({ photoCount: 1 })).score).toBe(80);
    expect(trustScore(clean({ photoCount: 3 })).score).toBe(100);
    expect(trustScore(clean({ posterWarnings: 1 })).score).toBe(95);
    expect(trustScore(clean({ posterWarnings: 7 })).score).toBe(85);
    expect(trustScore(clean({ posterSuspensions: 1 })).score).toBe(85);
    expect(trustScore(clean({ posterStatus: 'suspended' })).score).toBe(80);
    expect(trustScore(clean({ posterStatus: 'banned' })).score).toBe(50);
  });

  it('a price far below the median of its subcity and type is a scam sign; a little below is a smaller one', () => {
    expect(trustScore(clean({ priceEtb: 9_000 })).signals).toEqual([{ code: 'price_far_below_median', points: 30 }]);
    expect(trustScore(clean({ priceEtb: 13_000 })).signals).toEqual([{ code: 'price_below_median', points: 10 }]);
    expect(trustScore(clean({ priceEtb: 15_000 })).score).toBe(100);
    expect(trustScore(clean({ priceEtb: 90_000 })).score).toBe(100); // expensive is not a scam sign
    // Too few listings to know what is usual: no judgement.
    // The fair-price hint's rule: 8 comparable listings at least, else the price is not judged.
    expect(trustScore(clean({ priceEtb: 1_000, median: { median: 20_000, count: 7 } })).score).toBe(100);
    expect(trustScore(clean({ priceEtb: 1_000, median: { median: 20_000, count: 8 } })).score).toBe(70);
    expect(trustScore(clean({ priceEtb: 1_000, median: null })).score).toBe(100);
  });

  it('a brand-new account counts more than a week-old one; a month-old one not at all', () => {
    expect(trustScore(clean({ posterCreatedAt: new Date(NOW.getTime() - 2 * 3600 * 1000) })).signals).toEqual([{ code: 'new_account', points: 15 }]);
    expect(trustScore(clean({ posterCreatedAt: new Date(NOW.getTime() - 3 * DAY) })).signals).toEqual([{ code: 'new_account', points: 10 }]);
    expect(trustScore(clean({ posterCreatedAt: new Date(NOW.getTime() - 30 * DAY) })).score).toBe(100);
  });

  it('a poster verified with Fayda: a new account is no signal, the other signals still count', () => {
    expect(trustScore(clean({ posterCreatedAt: NOW, posterVerified: true })).score).toBe(100);
    expect(trustScore(clean({ posterCreatedAt: NOW, posterVerified: true, posterWarnings: 1 })).signals).toEqual([{ code: 'poster_warnings', points: 5 }]);
  });

  it('adds up, lists the strongest signal first, and never goes below 0', () => {
    const bad = trustScore(
      clean({
        openReports: 3,
        openDuplicateClusters: 1,
        photoCount: 0,
        priceEtb: 5_000,
        posterCreatedAt: NOW,
        posterWarnings: 3,
        posterSuspensions: 2,
        posterStatus: 'banned',
      }),
    );
    expect(bad.score).toBe(0);
    expect(bad.signals[0]).toEqual({ code: 'poster_restricted', points: 50 });
    const points = bad.signals.map((s) => s.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const some = trustScore(clean({ openReports: 1, photoCount: 2, priceEtb: 9_000 }));
    expect(some.score).toBe(100 - 15 - 10 - 30);
    expect(some.signals.map((s) => s.code)).toEqual(['price_far_below_median', 'open_reports', 'few_photos']);
  });

  it('is the same for the same inputs', () => {
    const input = clean({ openReports: 2, photoCount: 1 });
    expect(trustScore(input)).toEqual(trustScore({ ...input }));
  });
});

describe('trust score in the case summary (real signals)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTrustTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the median (the fair-price band): live, visible listings per subcity, type group (condo and condominium together) and bedrooms', async () => {
    for (const [price, type] of [
      [10_000, 'apartment'],
      [20_000, 'apartment'],
      [40_000, 'apartment'],
      [30_000, 'condo'],
      [50_000, 'condominium'],
    ] as const) {
      await createLiveListing(t, await signUp(t, { userType: 'landlord' }), { subcity: 'Lideta', type, price_etb: price });
    }
    const draft = await createDraftWithPhotos(t, await signUp(t, { userType: 'landlord' }), { subcity: 'Lideta', price_etb: 1 });
    expect(draft.visibility).toBe('draft');
    const now = t.clock.now();
    expect(await priceBandFor(t.ctx.db, { subcity: 'Lideta', typeGroup: 'apartment', bedrooms: 2 }, now)).toEqual({ median: 20_000, count: 3 });
    expect(await priceBandFor(t.ctx.db, { subcity: 'Lideta', typeGroup: 'condo', bedrooms: 2 }, now)).toEqual({ median: 40_000, count: 2 });
    expect(await priceBandFor(t.ctx.db, { subcity: 'Lideta', typeGroup: 'apartment', bedrooms: 3 }, now)).toBeNull();
    expect(await priceBandFor(t.ctx.db, { subcity: 'Arada', typeGroup: 'apartment', bedrooms: 2 }, now)).toBeNull();
  });

  it("a new account posting one photo far below its subcity's usual price scores low; reports lower it; a restore clears them", async () => {
    const moderator = await admin(t);
    // Every listing its own description: the same text twice would (rightly) be flagged as a duplicate.
    // Seven others and the cheap one: the 8 comparables the fair-price hint needs too.
    for (const [i, price] of [30_000, 32_000, 35_000, 28_000, 31_000, 29_000, 33_000].entries()) {
      await createLiveListing(t, await signUp(t, { userType: 'landlord' }), {
        subcity: 'Kirkos',
        type: 'villa',
        price_etb: price,
        description: description(i),
      });
    }
    const scammer = await signUp(t, { userType: 'landlord' });
    const cheap = await createDraftWithPhotos(t, scammer, { subcity: 'Kirkos', type: 'villa', price_etb: 8_000, description: description(10) }, 1);
    expectStatus(await publishListing(t, scammer, cheap._id), 200);
    await report(t, await signUp(t), 'listing', cheap._id, 'scam');

    const summary = (await caseOf(t, moderator, cheap._id))?.targetSummary as TListingCaseSummary;
    expect(summary.trustSignals).toEqual([
      { code: 'price_far_below_median', points: 30 },
      { code: 'few_photos', points: 20 },
      { code: 'open_reports', points: 15 },
      { code: 'new_account', points: 15 },
    ]);
    expect(summary.trustScore).toBe(20);
    expect(summary).toMatchObject({ photo_count: 1, poster_phone: scammer.phone, poster_status: 'active', price_etb: 8_000 });

    // A fairly priced listing of an established poster with three photos scores high.
    const honest = await signUp(t, { userType: 'landlord' });
    await t.database.sql.query("UPDATE users SET created_at = now() - interval '60 days' WHERE phone = $1", [honest.phone]);
    const fair = await createDraftWithPhotos(t, honest, { subcity: 'Kirkos', type: 'villa', price_etb: 30_000, description: description(11) }, 3);
    expectStatus(await publishListing(t, honest, fair._id), 200);
    await report(t, await signUp(t), 'listing', fair._id, 'other');
    const fairCase = await caseOf(t, moderator, fair._id);
    expect((fairCase?.targetSummary as TListingCaseSummary).trustScore).toBe(85);

    // Closing the case (restore) ends its reports' weight; a suspension leaves a mark.
    const closed = await act(t, moderator, fairCase!._id, 'suspend', 'test');
    expect((closed.targetSummary as TListingCaseSummary).trustSignals.map((s) => s.code)).toEqual(['poster_restricted', 'poster_suspended_before']);
    const restored = await act(t, moderator, fairCase!._id, 'restore', 'appeal');
    expect((restored.targetSummary as TListingCaseSummary).trustScore).toBe(85);
  });
});
