import { photoFileUrl } from '@betoch/contracts/card-photo';
import { beforeAll, describe, expect, it } from 'vitest';
import { LISTING_TYPES, SUBCITIES } from '@betoch/contracts/constants';
import type { TListingCard } from '@betoch/contracts/listings';
import { DEMO_PHONES } from '../../src/modules/demo-seed/demo-people.ts';
import { seedDemoIfEmpty } from '../../src/modules/demo-seed/seed-demo.ts';
import { MemoryEventBus } from '../../src/modules/realtime/memory-event-bus.ts';
import { logIn } from '../support/login.ts';
import { createListingsTestApp, TEST_ADMIN_PHONE, uploadsServiceOf } from '../support/factories.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(() => createListingsTestApp({ SEED_DEMO: 'true' }));
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
  cards = await allCards();
}, 120_000);

describe('demo data on an empty database', () => {
  it('has 66+ live listings over all ten subcities and every type, each with at least 3 photos', () => {
    expect(cards.length).toBeGreaterThanOrEqual(66);
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
    // Not live: a draft and an expired listing (renewable: a slot is free).
    expect(mine.json().stats).toMatchObject({ landlord_live: 2, draft: 2, remaining_slots: 1 });
    const admin = await logIn(t, TEST_ADMIN_PHONE);
    expect(admin.user.roles).toContain('admin');
    const [ledger] = await t.database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'demo_seed'");
    expect(ledger!.n).toBeGreaterThan(0);
  });

  it('does not seed a database that already has users', async () => {
    const deps = {
      uploads: uploadsServiceOf(t),
      urlFor: (key: string) => key,
      bus: new MemoryEventBus(t.ctx.log),
      exports: { requestExport: async () => null },
    };
    expect(await seedDemoIfEmpty(t.ctx, deps)).toBe(false);
    const [row] = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM listings');
    // Two drafts and the demo landlord's expired listing are not in browse.
    expect(row!.n).toBe(cards.length + 3);
  });
});

async function get<T>(url: string, auth?: Record<string, string>): Promise<T> {
  const res = await t.request({ method: 'GET', url, headers: auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

describe('every feature has something to show after a fresh start', () => {
  it('shows the fair-price line on at least 10 listings, some well above and some well below the usual price', async () => {
    const hints: Array<{ direction: string; percent: number; listing_count: number }> = [];
    for (const card of cards) {
      const { hint } = await get<{ hint: { direction: string; percent: number; listing_count: number } | null }>(`/api/listings/${card._id}/fair-price`);
      if (hint) hints.push(hint);
    }
    expect(hints.length).toBeGreaterThanOrEqual(10);
    expect(hints.every((h) => h.listing_count >= 8)).toBe(true);
    expect(hints.some((h) => h.direction === 'above' && h.percent >= 15)).toBe(true);
    expect(hints.some((h) => h.direction === 'below' && h.percent <= -15)).toBe(true);
    expect(hints.filter((h) => h.direction === 'about').length).toBeGreaterThan(hints.length / 2);
  });

  it("shows a poster verified with Fayda: the demo landlord's live listings carry the badge, and 'Verified posters only' finds exactly them", async () => {
    const landlord = await logIn(t, DEMO_PHONES.landlord);
    const mine = (await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: landlord.auth })).json() as {
      listings: Array<{ _id: string; visibility: string }>;
    };
    const live = mine.listings
      .filter((l) => l.visibility === 'live')
      .map((l) => l._id)
      .sort();
    expect(live.length).toBeGreaterThan(0);
    const badged = cards
      .filter((c) => c.poster_verified)
      .map((c) => c._id)
      .sort();
    expect(badged).toEqual(live);
    const filtered = (await t.request({ method: 'GET', url: '/api/listings?verified=1&limit=50' })).json() as { listings: TListingCard[] };
    expect(filtered.listings.map((c) => c._id).sort()).toEqual(live);
  });

  it('has listings confirmed at different ages, none older than the 30 days that expire a listing', async () => {
    const now = t.clock.now().getTime();
    const ages = new Set<number>();
    for (const card of cards) {
      const { listing } = await get<{ listing: { confirmed_at: string | null } }>(`/api/listings/${card._id}`);
      const days = Math.floor((now - Date.parse(listing.confirmed_at ?? '')) / 86_400_000);
      expect(days).toBeLessThan(30);
      ages.add(days);
    }
    expect(ages.has(0)).toBe(true);
    expect([...ages].some((d) => d >= 7)).toBe(true);
    expect([...ages].some((d) => d >= 14)).toBe(true);
    expect(ages.size).toBeGreaterThanOrEqual(6);
  });

  it("gives the demo landlord a listing a tenant asked 'Is it still available?' and an expired one he can renew", async () => {
    const landlord = await logIn(t, DEMO_PHONES.landlord);
    const mine = await get<{ listings: Array<{ _id: string; visibility: string; availability_asks?: number }> }>('/api/listings/my-listings', landlord.auth);
    const [asked] = await t.database.sql.query<{ listing_id: string }>('SELECT listing_id FROM listing_availability_asks');
    expect(mine.listings.map((l) => l._id)).toContain(asked!.listing_id);
    const expired = mine.listings.filter((l) => l.visibility === 'expired');
    expect(expired).toHaveLength(1);
  });

  it('gives the demo tenant favourites, a saved search with new matches and unread notifications, one of them her saved home that expired', async () => {
    const tenant = await logIn(t, DEMO_PHONES.tenant);
    const { favourites } = await get<{ favourites: Array<{ available: boolean; listing: { _id: string } }> }>('/api/favourites', tenant.auth);
    expect(favourites.length).toBeGreaterThanOrEqual(3);
    const gone = favourites.filter((f) => !f.available).map((f) => f.listing._id);
    expect(gone.length).toBeGreaterThanOrEqual(1);
    const { saved_searches: searches } = await get<{ saved_searches: Array<{ new_matches: number }> }>('/api/saved-searches', tenant.auth);
    expect(searches.length).toBeGreaterThanOrEqual(1);
    expect(searches[0]!.new_matches).toBeGreaterThanOrEqual(3);
    const { unread, notifications } = await get<{ unread: number; notifications: Array<{ kind: string; created_at: string; listing: { _id: string } }> }>(
      '/api/notifications',
      tenant.auth,
    );
    expect(notifications.filter((n) => n.kind === 'saved_search_match').length).toBeGreaterThanOrEqual(3);
    // Leaving the market told her of each: 'A home you saved is no longer available'.
    expect(
      notifications
        .filter((n) => n.kind === 'saved_listing_gone')
        .map((n) => n.listing._id)
        .sort(),
    ).toEqual(gone.sort());
    expect(unread).toBeGreaterThanOrEqual(4);
    // Dated when each listing went live (since yesterday), not at the start of the server.
    const now = t.clock.now().getTime();
    for (const n of notifications) expect(now - Date.parse(n.created_at)).toBeGreaterThan(3_600_000);
  });

  it('gives the tenant with credits an unlock inside its 72-hour claim window and a refund claim waiting for an admin', async () => {
    const tenant = await logIn(t, DEMO_PHONES.tenantWithCredits);
    const { unlocks } = await get<{ unlocks: Array<{ _id: string; refund_claimable: boolean; refund: { status: string } | null }> }>(
      '/api/listings/unlocked/my-unlocks',
      tenant.auth,
    );
    expect(unlocks.length).toBeGreaterThanOrEqual(2);
    expect(unlocks.some((u) => u.refund_claimable)).toBe(true);
    const waiting = unlocks.find((u) => u.refund?.status === 'pending');
    expect(waiting).toBeTruthy();
    const admin = await logIn(t, TEST_ADMIN_PHONE);
    const claims = await get<{ data: { items: Array<{ unlock_id?: string; status: string }> } }>(
      '/api/admin/payments/refund-claims?status=pending',
      admin.auth,
    );
    expect(claims.data.items.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the demo tenants conversations with the demo landlord: one reply read for a credit, one waiting locked (its words never sent)', async () => {
    type Inbox = {
      conversations: Array<{
        is_reply_unlocked: boolean;
        owner_has_replied: boolean;
        unread_count: number;
        last_message: { blurred: boolean; body_text: string } | null;
      }>;
    };
    const tenant = await logIn(t, DEMO_PHONES.tenant);
    const locked = (await get<Inbox>('/api/conversations', tenant.auth)).conversations;
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ is_reply_unlocked: false, owner_has_replied: true, unread_count: 1, last_message: { blurred: true, body_text: '' } });
    const yonas = await logIn(t, DEMO_PHONES.tenantWithCredits);
    const read = (await get<Inbox>('/api/conversations', yonas.auth)).conversations;
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ is_reply_unlocked: true, unread_count: 0, last_message: { blurred: false, mine: true } });
    const landlord = await logIn(t, DEMO_PHONES.landlord);
    const inbox = (await get<Inbox>('/api/conversations', landlord.auth)).conversations;
    // He read each thread before answering it: only the tenant's last word waits unread.
    expect(inbox.map((c) => c.unread_count).sort()).toEqual([0, 1]);
    const [spent] = await t.database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'reply_unlock'");
    expect(spent!.n).toBe(1);
  });

  it('gives the admin open moderation cases, a duplicate cluster, pending adjustments, data requests and purchases in several states', async () => {
    const admin = await logIn(t, TEST_ADMIN_PHONE);
    const cases = await get<{ data: { items: unknown[] } }>('/api/admin/moderation/cases', admin.auth);
    expect(cases.data.items.length).toBeGreaterThanOrEqual(3);
    const clusters = await get<{ data: { items: unknown[] } }>('/api/admin/moderation/duplicates', admin.auth);
    expect(clusters.data.items.length).toBeGreaterThanOrEqual(1);
    const adjustments = await get<{ data: { items: unknown[] } }>('/api/admin/payments/manual-adjustments', admin.auth);
    expect(adjustments.data.items.length).toBeGreaterThanOrEqual(2);
    const requests = await get<{ data: { items: unknown[] } }>('/api/admin/account-requests', admin.auth);
    expect(requests.data.items.length).toBeGreaterThanOrEqual(2);
    const { data: purchases } = await get<{ data: { items: Array<{ provider: string; status: string }> } }>('/api/admin/payments/purchases', admin.auth);
    expect(new Set(purchases.items.map((p) => p.provider))).toEqual(new Set(['chapa', 'simulated']));
    expect(new Set(purchases.items.filter((p) => p.provider === 'chapa').map((p) => p.status))).toEqual(new Set(['paid', 'pending', 'failed', 'cancelled']));
    // The metrics tab: homes published on several of the last 14 days, and the chats' funnel.
    const daily = await get<{ data: { series: Array<{ listings: number }> } }>('/api/admin/metrics/daily', admin.auth);
    expect(daily.data.series.filter((d) => d.listings > 0).length).toBeGreaterThanOrEqual(5);
    const funnel = await get<{ data: { started: number; ownerReplied: number; unlocked: number } }>('/api/admin/metrics/funnels', admin.auth);
    expect(funnel.data).toMatchObject({ started: 2, ownerReplied: 2, unlocked: 1 });
  });

  it('lets the demo landlord renew his expired listing (a tenant saved it: it comes back to her favourites)', async () => {
    const landlord = await logIn(t, DEMO_PHONES.landlord);
    const mine = await get<{ listings: Array<{ _id: string; visibility: string }> }>('/api/listings/my-listings', landlord.auth);
    const expired = mine.listings.find((l) => l.visibility === 'expired')!;
    const renew = await t.request({ method: 'POST', url: `/api/listings/${expired._id}/renew`, headers: landlord.auth });
    expect(renew.statusCode, renew.body).toBe(200);
    expect(renew.json()).toMatchObject({ visibility: 'live' });
    const tenant = await logIn(t, DEMO_PHONES.tenant);
    const { favourites } = await get<{ favourites: Array<{ listing: { _id: string }; available: boolean }> }>('/api/favourites', tenant.auth);
    expect(favourites.find((f) => f.listing._id === expired._id)?.available).toBe(true);
  });

  it('keeps the money model: every balance equals its ledger, and every refund is tied to a paid unlock', async () => {
    const balances = await t.database.sql.query<{ user_id: string; credits: number; post_credits: number; ledger_credits: number; ledger_post: number }>(
      `SELECT a.user_id, a.credits, a.post_credits,
              coalesce((SELECT sum(delta) FROM ledger_entries l WHERE l.user_id = a.user_id AND l.account = 'credits'), 0)::int AS ledger_credits,
              coalesce((SELECT sum(delta) FROM ledger_entries l WHERE l.user_id = a.user_id AND l.account = 'post_credits'), 0)::int AS ledger_post
         FROM wallet_accounts a`,
    );
    expect(balances.length).toBeGreaterThan(10);
    for (const b of balances) expect([b.credits, b.post_credits]).toEqual([b.ledger_credits, b.ledger_post]);
    const [spent] = await t.database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'contact_unlock'");
    expect(spent!.n).toBeGreaterThanOrEqual(2);
    const [paid] = await t.database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'purchase'");
    expect(paid!.n).toBeGreaterThanOrEqual(3);
    const refunds = await t.database.sql.query<{ ref_type: string; unlocked: boolean }>(
      `SELECT l.ref_type, EXISTS (SELECT 1 FROM contact_unlocks u WHERE u.id::text = l.ref_id AND u.user_id = l.user_id AND u.used_credit) AS unlocked
         FROM ledger_entries l WHERE l.kind = 'refund'`,
    );
    for (const r of refunds) expect(r).toEqual({ ref_type: 'contact_unlock', unlocked: true });
  });
});
