import { photoFileUrl } from '@betoch/contracts/card-photo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_TYPES, SUBCITIES } from '@betoch/contracts/constants';
import type { TListingCard } from '@betoch/contracts/listings';
import { DEMO_PHONES } from '../../src/modules/demo-seed/demo-people.ts';
import { seedDemoIfEmpty } from '../../src/modules/demo-seed/seed-demo.ts';
import type { TestApp } from '../support/test-app.ts';
import { logIn } from '../support/login.ts';
import { createListingsTestApp, TEST_ADMIN_PHONE, uploadsServiceOf } from '../support/factories.ts';

let t: TestApp;
let cards: TListingCard[] = [];

async function allCards(): Promise<TListingCard[]> {
  const found: TListingCard[] = [];
  let cursor: string | null = null;
  do {
    const res = await t.request({ method: 'GET', url: `/api/listings?limit=50${cursor ? `&cursor=${cursor}` : ''}` });
    const body = res.json() as { listings: TListingCard[]; next_cursor: string | null };
    found.push(...body.listings);
    cursor = body.next_cursor;
  } while (cursor);
  return found;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

beforeAll(async () => {
  t = await createListingsTestApp({ SEED_DEMO: 'true' });
  cards = await allCards();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('demo data on an empty database', () => {
  it('has 60+ live listings over all ten subcities and every type, each with at least 3 photos', () => {
    expect(cards.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cards.map((c) => c.subcity))).toEqual(new Set(SUBCITIES));
    expect(new Set(cards.map((c) => c.type))).toEqual(new Set(LISTING_TYPES));
    for (const card of cards) {
      expect(card.photo_count).toBeGreaterThanOrEqual(3);
      expect(card.specific_location).toBeTruthy();
    }
    expect(cards.some((c) => c.source === 'delala')).toBe(true);
    expect(cards.some((c) => c.source === 'landlord')).toBe(true);
  });

  it('asks realistic monthly prices in ETB', () => {
    const studios = cards.filter((c) => c.bedrooms === 0);
    expect(studios.length).toBeGreaterThan(0);
    for (const s of studios) {
      expect(s.price_etb).toBeGreaterThanOrEqual(6000);
      expect(s.price_etb).toBeLessThanOrEqual(15000);
    }
    for (const v of cards.filter((c) => c.type === 'villa')) {
      expect(v.price_etb).toBeGreaterThanOrEqual(60000);
      expect(v.price_etb).toBeLessThanOrEqual(250000);
    }
    for (const a of cards.filter((c) => c.type === 'apartment' && c.bedrooms === 2)) {
      expect(a.price_etb).toBeGreaterThanOrEqual(15000);
      expect(a.price_etb).toBeLessThanOrEqual(45000);
    }
    const bole = median(cards.filter((c) => c.subcity === 'Bole').map((c) => c.price_etb / Math.max(1, c.bedrooms ?? 1)));
    const akaky = median(cards.filter((c) => c.subcity === 'Akaky Kaliti').map((c) => c.price_etb / Math.max(1, c.bedrooms ?? 1)));
    expect(bole).toBeGreaterThan(akaky);
  });

  it('serves the generated photos and never shows a phone in browse', async () => {
    const photo = cards[0]!.photos[0]!;
    const file = await t.request({ method: 'GET', url: photoFileUrl(photo.key, photo.widths[0]!) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const body = JSON.stringify(cards);
    expect(body).not.toContain('+2519');
  });

  it('writes a few descriptions in Amharic', async () => {
    const [row] = await t.database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM listings WHERE description ~ '[ሀ-ፚ]'");
    expect(row!.n).toBeGreaterThan(0);
  });

  it('signs in the demo people with their wallets: tenant 0 credits, brokers with post credits or a plan', async () => {
    const tenant = await logIn(t, DEMO_PHONES.tenant);
    expect(tenant.user).toMatchObject({ userType: 'tenant', wallet_credits: 0 });
    const broker = await logIn(t, DEMO_PHONES.broker);
    expect(broker.user).toMatchObject({ userType: 'delala', agency_name: 'Addis Home Finders', post_credits: 5 });
    const planned = await logIn(t, DEMO_PHONES.brokerWithPlan);
    expect(Date.parse(planned.user.sub_delala_unlimited_until ?? '')).toBeGreaterThan(t.clock.now().getTime());
    const landlord = await logIn(t, DEMO_PHONES.landlord);
    const mine = await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: landlord.auth });
    expect(mine.json().stats).toMatchObject({ landlord_live: 2, draft: 1, remaining_slots: 1 });
    const admin = await logIn(t, TEST_ADMIN_PHONE);
    expect(admin.user.roles).toContain('admin');
    const [ledger] = await t.database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'demo_seed'");
    expect(ledger!.n).toBeGreaterThan(0);
  });

  it('does not seed a database that already has users', async () => {
    expect(await seedDemoIfEmpty(t.ctx, uploadsServiceOf(t))).toBe(false);
    const [row] = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM listings');
    expect(row!.n).toBe(cards.length + 2);
  });
});
