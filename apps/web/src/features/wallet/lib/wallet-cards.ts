import { bundleSavingPercent, SKU_CATALOG, SKUS, type Sku, type UserType } from '@betoch/contracts/constants';

/** One line under a card's name: a key of `wallet:features` and the numbers it needs. */
export interface CardFeature {
  key: 'contactUnlocks' | 'neverExpires' | 'unlimitedUnlocks' | 'validDays' | 'listingPublishes' | 'unlimitedPosting' | 'prioritySupport' | 'brokerBadge';
  count?: number;
}

/** A Buy card of /wallet. */
export interface BuyCard {
  sku: Sku;
  priceEtb: number;
  bestValue: boolean;
  /** A bundle's 'saves N% per contact' label, computed from the prices. */
  savingPercent?: number;
  features: CardFeature[];
}

function featuresOf(sku: Sku): CardFeature[] {
  const { grant } = SKU_CATALOG[sku];
  if (grant.kind === 'credits') return [{ key: 'contactUnlocks', count: grant.amount }, { key: 'neverExpires' }];
  if (grant.kind === 'post_credits') return [{ key: 'listingPublishes', count: grant.amount }];
  if (grant.plan === 'tenant_unlimited') return [{ key: 'unlimitedUnlocks' }, { key: 'validDays', count: grant.days }];
  return [{ key: 'unlimitedPosting' }, { key: 'validDays', count: grant.days }, { key: 'prioritySupport' }, { key: 'brokerBadge' }];
}

/**
 * Brokers buy post credits and the posting plan; tenants and landlords buy the tenant cards
 * (the server answers 403 wrong_role to anything else).
 */
export function audienceOf(userType: UserType): 'tenant' | 'delala' {
  return userType === 'delala' ? 'delala' : 'tenant';
}

/** The cards a user of this type sees, in catalogue order, priced from the catalogue. */
export function cardsFor(userType: UserType): BuyCard[] {
  const audience = audienceOf(userType);
  return SKUS.filter((sku) => SKU_CATALOG[sku].audience === audience).map((sku) => ({
    sku,
    priceEtb: SKU_CATALOG[sku].priceEtb,
    bestValue: SKU_CATALOG[sku].bestValue,
    savingPercent: bundleSavingPercent(sku) ?? undefined,
    features: featuresOf(sku),
  }));
}

/** A plan end date that is still in the future, else null (active while future). */
export function activeUntil(until: string | null | undefined, now: Date = new Date()): Date | null {
  if (!until) return null;
  const date = new Date(until);
  return Number.isNaN(date.getTime()) || date.getTime() <= now.getTime() ? null : date;
}
