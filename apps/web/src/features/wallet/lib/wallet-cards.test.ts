import { describe, expect, it } from 'vitest';
import { formatEtb } from '@/lib/format-money';
import { activeUntil, cardsFor } from './wallet-cards';

describe('which Buy cards a role sees', () => {
  it('tenants see Single Credit, the 10 credits bundle and Unlimited Monthly, at 30, 250 and 500 birr', () => {
    const cards = cardsFor('tenant');
    expect(cards.map((c) => [c.sku, c.priceEtb])).toEqual([
      ['CREDIT_SINGLE', 30],
      ['CREDIT_BUNDLE_10', 250],
      ['SUB_TENANT_MONTHLY', 500],
    ]);
  });

  it('landlords buy the tenant cards', () => {
    expect(cardsFor('landlord')).toEqual(cardsFor('tenant'));
  });

  it('brokers see Single Post at 50 birr and Unlimited Monthly at 199 birr, and no tenant card', () => {
    const cards = cardsFor('delala');
    expect(cards.map((c) => [c.sku, c.priceEtb])).toEqual([
      ['post_credit_1', 50],
      ['post_subscription_delala_unlimited', 199],
    ]);
  });

  it('BEST VALUE goes on the bundle and on the broker plan; only the bundle saves 17% per contact', () => {
    const all = [...cardsFor('tenant'), ...cardsFor('delala')];
    expect(all.filter((c) => c.bestValue).map((c) => c.sku)).toEqual(['CREDIT_BUNDLE_10', 'post_subscription_delala_unlimited']);
    expect(all.filter((c) => c.savingPercent).map((c) => [c.sku, c.savingPercent])).toEqual([['CREDIT_BUNDLE_10', 17]]);
  });

  it('each card says what it gives: unlocks that never expire, 30 days, priority support and the broker badge', () => {
    const features = Object.fromEntries([...cardsFor('tenant'), ...cardsFor('delala')].map((c) => [c.sku, c.features]));
    expect(features.CREDIT_SINGLE).toEqual([{ key: 'contactUnlocks', count: 1 }, { key: 'neverExpires' }]);
    expect(features.CREDIT_BUNDLE_10).toEqual([{ key: 'contactUnlocks', count: 10 }, { key: 'neverExpires' }]);
    expect(features.SUB_TENANT_MONTHLY).toEqual([{ key: 'unlimitedUnlocks' }, { key: 'validDays', count: 30 }]);
    expect(features.post_credit_1).toEqual([{ key: 'listingPublishes', count: 1 }]);
    expect(features.post_subscription_delala_unlimited).toEqual([
      { key: 'unlimitedPosting' },
      { key: 'validDays', count: 30 },
      { key: 'prioritySupport' },
      { key: 'brokerBadge' },
    ]);
  });
});

describe('prices as a person reads them', () => {
  it('English says ETB, Amharic says ብር, both with thousands separators', () => {
    expect(cardsFor('tenant').map((c) => formatEtb(c.priceEtb, 'en'))).toEqual(['30 ETB', '250 ETB', '500 ETB']);
    expect(cardsFor('delala').map((c) => formatEtb(c.priceEtb, 'am'))).toEqual(['50 ብር', '199 ብር']);
    expect(formatEtb(15000, 'en')).toBe('15,000 ETB');
    expect(formatEtb(1250000, 'am')).toBe('1,250,000 ብር');
  });
});

describe('a plan is active while its end date is in the future', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('a future date is active, a past or missing one is not', () => {
    expect(activeUntil('2026-12-22T10:00:00Z', now)?.toISOString()).toBe('2026-12-22T10:00:00.000Z');
    expect(activeUntil('2026-11-22T09:59:59Z', now)).toBeNull();
    expect(activeUntil('2026-11-22T10:00:00Z', now)).toBeNull();
    expect(activeUntil(null, now)).toBeNull();
    expect(activeUntil('not a date', now)).toBeNull();
  });
});
