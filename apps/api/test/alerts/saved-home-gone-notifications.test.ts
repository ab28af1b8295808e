import { afterAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from '../support/login.ts';
import { createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { useTestApp } from '../support/use-test-app.ts';
import { listen, openStream, ticketFor, type SseEvent, type SseStream } from '../conversations/sse-client.ts';

/*
 * The bell with both kinds of notification: a new home matching a saved search, and a home the
 * person saved that left the market (favourites' listener of 'listingLeftMarket'; each way it
 * leaves is in listings/leaving-the-market.test.ts).
 */

const t = useTestApp(createListingsTestApp);
const streams: SseStream[] = [];
afterAll(() => {
  for (const s of streams) s.close();
});

interface Notification {
  _id: string;
  kind: string;
  listing: { _id: string; available: boolean };
  search_name: string | null;
  read: boolean;
}

async function bell(who: SignedIn): Promise<{ notifications: Notification[]; unread: number; count: number }> {
  const list = await t.request({ method: 'GET', url: '/api/notifications', headers: who.auth });
  const count = await t.request({ method: 'GET', url: '/api/notifications/unread-count', headers: who.auth });
  expect(list.statusCode).toBe(200);
  expect(count.statusCode).toBe(200);
  return { ...(list.json() as { notifications: Notification[]; unread: number }), count: count.json().count as number };
}

async function saveSearch(who: SignedIn, filters: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/api/saved-searches', headers: who.auth, payload: { name: 'Near work', filters, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
}

async function saveHome(who: SignedIn, listingId: string): Promise<void> {
  const res = await t.request({ method: 'PUT', url: `/api/favourites/${listingId}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
}

async function markRented(owner: SignedIn, listingId: string): Promise<void> {
  const res = await t.request({ method: 'PATCH', url: `/api/listings/${listingId}`, headers: owner.auth, payload: { visibility: 'draft' } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a saved home gone from the market, in the bell', () => {
  it('sits beside a new match of the same listing (two notifications), newest first; the count, reading one and reading all hold both kinds', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    await saveSearch(tenant, { subcity: 'Akaky Kaliti', type: 'studio' });
    const listingId = (await createLiveListing(t, landlord, { subcity: 'Akaky Kaliti', type: 'studio', title: 'Studio near the station' }))._id;
    await t.alerts.matcher.run();
    await saveHome(tenant, listingId);
    t.clock.advance(60_000);
    await markRented(landlord, listingId);

    const both = await bell(tenant);
    expect(both.notifications.map((n) => [n.kind, n.listing._id, n.search_name, n.read])).toEqual([
      ['saved_listing_gone', listingId, null, false],
      ['saved_search_match', listingId, 'Near work', false],
    ]);
    expect([both.unread, both.count]).toEqual([2, 2]);

    const [gone, match] = both.notifications as [Notification, Notification];
    const read = await t.request({ method: 'POST', url: `/api/notifications/${gone._id}/read`, headers: tenant.auth });
    expect(read.json()).toEqual({ ok: true, count: 1 });
    const after = await bell(tenant);
    expect(after.notifications.map((n) => [n._id, n.read])).toEqual([
      [gone._id, true],
      [match._id, false],
    ]);
    expect(after.count).toBe(1);

    // Another person cannot read it.
    const other = await signUp(t);
    expect((await t.request({ method: 'POST', url: `/api/notifications/${gone._id}/read`, headers: other.auth })).statusCode).toBe(404);

    expect((await t.request({ method: 'POST', url: '/api/notifications/read-all', headers: tenant.auth })).statusCode).toBe(200);
    expect((await bell(tenant)).count).toBe(0);
  });

  it('is in the app only: the daily SMS digest, a digest of new matches, does not text it', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    // SMS digests on, for a search nothing matches: the only notification is the saved home gone.
    await saveSearch(tenant, { subcity: 'Nefas Silk-Lafto', type: 'villa', price_min: 5_000_000 }, { sms: true });
    const listingId = (await createLiveListing(t, landlord, { subcity: 'Arada' }))._id;
    await saveHome(tenant, listingId);
    await markRented(landlord, listingId);
    expect((await bell(tenant)).count).toBe(1);

    // Noon in Addis (UTC+3) the next day: outside the quiet hours.
    const now = t.clock.now();
    t.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 9) - now.getTime());
    await t.alerts.digest.run(t.clock.now());
    expect(t.sms.sent.filter((m) => m.phone === tenant.phone && m.text.startsWith('Betoch:'))).toEqual([]);
  });

  it("reaches the saver's open event stream with the new count once the change has committed", async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    const listingId = (await createLiveListing(t, landlord, { subcity: 'Lideta' }))._id;
    await saveHome(tenant, listingId);
    const baseUrl = await listen(t.app);
    const stream = await openStream(baseUrl, `?ticket=${encodeURIComponent(await ticketFor(baseUrl, tenant))}`);
    streams.push(stream);
    const count = (n: number) => (e: SseEvent) => e.type === 'notifications' && (e.data as { count: number }).count === n;
    await stream.next(count(0));

    await markRented(landlord, listingId);
    await stream.next(count(1), 5000);
  });
});
