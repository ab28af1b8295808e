import { randomUUID } from 'node:crypto';
import { SUBCITIES } from '@betoch/contracts/constants';
import { CONFIRM_ASK_AFTER_MS } from '@betoch/contracts/freshness-rules';
import { DEMO_BROKERS, DEMO_LANDLORDS, type DemoPerson } from './demo-people.ts';
import { COMPARABLE_GROUPS, demoListing, groupPriceFactors, SHAPE_COUNT, type DemoListingSpec, type Random } from './demo-market.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * What a listing is for in the demo's story (./demo-story.ts), beside being on the market:
 * - asked: the demo landlord's, confirmed 16 days ago (the 14-day question waits on /my-listings)
 *   and asked 'Is it still available?' by a tenant;
 * - renewable: the demo landlord's, expired unconfirmed; he renews it from /my-listings (the demo
 *   tenant had saved it: her bell says it is no longer available);
 * - alert: goes live after the demo tenant saved a search it matches (her new matches and notifications);
 * - copy: a broker's copy of a landlord's listing (`copyOf`), which the duplicate check flags.
 */
export type ListingRole = 'asked' | 'renewable' | 'alert' | 'copy';

export interface PlannedListing {
  id: string;
  poster: DemoPerson;
  spec: DemoListingSpec;
  /** As inserted: drafts stay drafts; 'alert' listings are drafts until the story publishes them. */
  visibility: 'live' | 'draft';
  publishedAt: Date;
  confirmedAt: Date;
  /** Set when the 14-day question already went out for this confirmation (the job asks once). */
  confirmAskedAt: Date | null;
  role: ListingRole | null;
  /** Index into COMPARABLE_GROUPS, and the price against the group's usual price. */
  group: { index: number; priceFactor: number } | null;
  copyOf?: string;
}

/** How long ago live listings were last confirmed, in days, taken in turn: today to 18 days ago. */
const CONFIRM_AGES_DAYS = [0.1, 0.6, 1, 2, 3, 4, 6, 8, 10, 12, 15, 18];

interface Slot {
  poster: DemoPerson;
  live: boolean;
  role: ListingRole | null;
}

/** Who posts how many: landlords 3 live at most (the demo landlord 2 live, a draft and an expired one). */
function slots(): Slot[] {
  const all: Slot[] = [];
  for (const landlord of DEMO_LANDLORDS) {
    if (landlord === DEMO_LANDLORDS[0]) {
      all.push({ poster: landlord, live: true, role: 'asked' }, { poster: landlord, live: true, role: null });
      all.push({ poster: landlord, live: false, role: null }, { poster: landlord, live: true, role: 'renewable' });
    } else {
      for (let i = 0; i < 3; i += 1) all.push({ poster: landlord, live: true, role: null });
    }
  }
  const brokerLive = [10, 13, 8];
  DEMO_BROKERS.forEach((broker, b) => {
    for (let i = 0; i < (brokerLive[b] ?? 0); i += 1) all.push({ poster: broker, live: true, role: null });
  });
  all.push({ poster: DEMO_BROKERS[0]!, live: false, role: null });
  return all;
}

/**
 * The demo market: 70 listings (67 live) over all ten subcities and every type, four comparable groups of
 * 8-10 live listings (the fair-price line), confirmations of every age, and the listings the story
 * needs. Deterministic for a given random source and `now`.
 */
export function planMarket(random: Random, now: Date): PlannedListing[] {
  const order = slots();
  // Interleave posters so the newest listings are a mix of landlords and brokers.
  order.sort(() => random() - 0.5);

  // Group members: the first live slots without a role, group after group.
  const groupOf = new Map<number, { index: number; priceFactor: number }>();
  let cursor = 0;
  COMPARABLE_GROUPS.forEach((group, index) => {
    const factors = groupPriceFactors(random, group.size);
    for (const priceFactor of factors) {
      while (!(order[cursor]!.live && order[cursor]!.role === null)) cursor += 1;
      groupOf.set(cursor, { index, priceFactor });
      cursor += 1;
    }
  });

  let spread = 0;
  const planned = order.map((slot, i): PlannedListing => {
    const group = groupOf.get(i) ?? null;
    const amharic = i % 9 === 4;
    let spec: DemoListingSpec;
    if (group) {
      const g = COMPARABLE_GROUPS[group.index]!;
      spec = demoListing(random, g.subcity, g.shape, amharic, group.priceFactor);
    } else {
      const subcity = SUBCITIES[spread % SUBCITIES.length]!;
      spec = demoListing(random, subcity, (spread * 7 + Math.floor(spread / SUBCITIES.length)) % SHAPE_COUNT, amharic);
      spread += 1;
    }
    const publishedAt = new Date(now.getTime() - (i * 9 + random() * 8) * HOUR);
    const age = CONFIRM_AGES_DAYS[i % CONFIRM_AGES_DAYS.length]! * DAY;
    const confirmedAt = new Date(Math.max(publishedAt.getTime(), now.getTime() - age));
    return {
      id: randomUUID(),
      poster: slot.poster,
      spec,
      visibility: slot.live ? 'live' : 'draft',
      publishedAt,
      confirmedAt,
      confirmAskedAt: null,
      role: slot.role,
      group,
    };
  });

  for (const listing of planned) {
    if (listing.role === 'asked') {
      listing.publishedAt = new Date(Math.min(listing.publishedAt.getTime(), now.getTime() - 20 * DAY));
      listing.confirmedAt = new Date(now.getTime() - 16 * DAY);
    } else if (listing.role === 'renewable') {
      // Unconfirmed for 30 days it expired (the story expires it 15 days ago).
      listing.publishedAt = new Date(now.getTime() - 50 * DAY);
      listing.confirmedAt = new Date(now.getTime() - 45 * DAY);
    }
    // The job asks once per confirmation at 14 days: a listing this old was asked already.
    if (listing.visibility === 'live' && now.getTime() - listing.confirmedAt.getTime() >= CONFIRM_ASK_AFTER_MS && listing.role !== 'renewable') {
      listing.confirmAskedAt = new Date(listing.confirmedAt.getTime() + CONFIRM_ASK_AFTER_MS);
    }
  }

  // Three Bole members priced about the usual go live after the tenant saved her search.
  const bole = planned.filter((p) => p.group?.index === 0 && p.group.priceFactor < 1.1 && p.group.priceFactor > 0.9);
  for (const listing of bole.slice(0, 3)) {
    listing.role = 'alert';
    listing.visibility = 'draft';
  }

  // A broker copies a landlord's listing word for word (the duplicate check flags it).
  const original = planned.find(
    (p) => p.visibility === 'live' && p.role === null && p.group === null && p.poster.userType === 'landlord' && !/[ሀ-ፚ]/.test(p.spec.description),
  )!;
  planned.push({
    id: randomUUID(),
    poster: DEMO_BROKERS[2]!,
    spec: { ...original.spec, pictures: ['exterior', 'living', 'kitchen'], hue: (original.spec.hue + 40) % 360 },
    visibility: 'live',
    publishedAt: new Date(now.getTime() - 3 * HOUR),
    confirmedAt: new Date(now.getTime() - 3 * HOUR),
    confirmAskedAt: null,
    role: 'copy',
    group: null,
    copyOf: original.id,
  });
  return planned;
}
