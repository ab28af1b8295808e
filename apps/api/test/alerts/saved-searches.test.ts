import { describe, expect, it } from 'vitest';
import { SAVED_SEARCHES_MAX } from '@betoch/contracts/saved-searches';
import pg from 'pg';
import { TEST_DATABASE_URL } from '../support/test-app.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { createDraftWithPhotos, createListingsTestApp, createLiveListing, hideListing, publishListing } from '../support/factories.ts';
import { MemoryEventBus } from '../../src/modules/realtime/memory-event-bus.ts';
import { createAlertMatcher } from '../../src/modules/saved-searches/alert-matcher.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createListingsTestApp);

function saveSearch(who: SignedIn, filters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return t.request({ method: 'POST', url: '/api/saved-searches', headers: who.auth, payload: { name: 'My search', filters, ...extra } });
}

async function saved(who: SignedIn, filters: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await saveSearch(who, filters, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().saved_search._id as string;
}

async function notificationsOf(who: SignedIn): Promise<Array<{ _id: string; read: boolean; search_name: string | null; listing: { _id: string } }>> {
  const res = await t.request({ method: 'GET', url: '/api/notifications', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json().notifications;
}

async function notifiedListings(who: SignedIn): Promise<string[]> {
  return (await notificationsOf(who)).map((n) => n.listing._id);
}

/** Publishes through the API and waits for the app's matcher (kicked by the publish) to finish. */
async function publishLive(owner: SignedIn, overrides: Record<string, unknown> = {}): Promise<string> {
  const listing = await createLiveListing(t, owner, overrides);
  await t.alerts.matcher.run();
  return listing._id;
}

describe('saving searches', () => {
  it(`keeps at most ${SAVED_SEARCHES_MAX} per person and refuses the next with a clear error`, async () => {
    const tenant = await signUp(t);
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) await saved(tenant, { subcity: 'Yeka', price_max: 10_000 + i });
    const eleventh = await saveSearch(tenant, { subcity: 'Arada' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ error: 'saved_search_limit', message: expect.stringContaining('at most 10') });
    const list = await t.request({ method: 'GET', url: '/api/saved-searches', headers: tenant.auth });
    expect(list.json().saved_searches).toHaveLength(SAVED_SEARCHES_MAX);
    // Deleting one makes room again; another person has their own ten.
    const first = list.json().saved_searches[0]._id as string;
    expect((await t.request({ method: 'DELETE', url: `/api/saved-searches/${first}`, headers: tenant.auth })).statusCode).toBe(200);
    expect((await saveSearch(tenant, { subcity: 'Arada' })).statusCode).toBe(201);
    expect((await saveSearch(await signUp(t), { subcity: 'Arada' })).statusCode).toBe(201);
  });

  it('ten saves at once by one person never make eleven', async () => {
    const tenant = await signUp(t);
    for (let i = 0; i < SAVED_SEARCHES_MAX - 2; i++) await saved(tenant, { price_min: i });
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => saveSearch(tenant, { price_min: 100 + i })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });

  it('validates the name and filters, answers the filters in canonical form, and is private to its owner', async () => {
    const tenant = await signUp(t);
    const blank = await t.request({ method: 'POST', url: '/api/saved-searches', headers: tenant.auth, payload: { name: '  ', filters: {} } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.name).toBe('Name is required');
    const badPrice = await saveSearch(tenant, { price_max: 'lots' });
    expect(badPrice.statusCode).toBe(400);
    const res = await saveSearch(tenant, { type: 'apartment', subcity: 'bole', price_max: '20,000', source: 'landlord', q: 'Atlas' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().saved_search).toMatchObject({
      name: 'My search',
      filters: { type: 'apartment', subcity: 'Bole', price_max: 20000, source: 'landlord', q: 'Atlas' },
      alerts: true,
      sms: false,
      new_matches: 0,
    });
    const id = res.json().saved_search._id as string;
    const other = await signUp(t);
    expect((await t.request({ method: 'PATCH', url: `/api/saved-searches/${id}`, headers: other.auth, payload: { sms: true } })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(401);
  });
});

describe('matching a listing that goes live', () => {
  it('notifies the owners of searches whose every filter the listing meets (type, subcity, price, source, place)', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const who = {
      any: await signUp(t),
      exact: await signUp(t),
      wrongType: await signUp(t),
      wrongSubcity: await signUp(t),
      tooCheap: await signUp(t),
      tooDear: await signUp(t),
      broker: await signUp(t),
      place: await signUp(t),
      otherPlace: await signUp(t),
      placeBySubcity: await signUp(t),
    };
    await saved(who.any, {});
    await saved(who.exact, { type: 'apartment', subcity: 'Kirkos', price_min: 14_000, price_max: 16_000, source: 'landlord', q: 'Kazanchis' });
    await saved(who.wrongType, { type: 'villa', subcity: 'Kirkos' });
    await saved(who.wrongSubcity, { type: 'apartment', subcity: 'Yeka' });
    await saved(who.tooCheap, { subcity: 'Kirkos', price_max: 14_999 });
    await saved(who.tooDear, { subcity: 'Kirkos', price_min: 15_001 });
    await saved(who.broker, { subcity: 'Kirkos', source: 'delala' });
    await saved(who.place, { q: 'ካዛንቺስ' }); // the same place in Ge'ez letters
    await saved(who.otherPlace, { q: 'Piassa' });
    await saved(who.placeBySubcity, { q: 'ቂርቆስ' }); // Kirkos by name: the subcity column

    const listing = await publishLive(landlord, {
      title: 'Apartment near Kazanchis',
      specific_location: 'Kazanchis, behind the Intercontinental',
      type: 'apartment',
      subcity: 'Kirkos',
      price_etb: 15_000,
    });

    const notified = async (s: SignedIn) => (await notifiedListings(s)).includes(listing);
    expect(await notified(who.any)).toBe(true);
    expect(await notified(who.exact)).toBe(true);
    expect(await notified(who.place)).toBe(true);
    expect(await notified(who.placeBySubcity)).toBe(true);
    expect(await notified(who.wrongType)).toBe(false);
    expect(await notified(who.wrongSubcity)).toBe(false);
    expect(await notified(who.tooCheap)).toBe(false);
    expect(await notified(who.tooDear)).toBe(false);
    expect(await notified(who.broker)).toBe(false);
    expect(await notified(who.otherPlace)).toBe(false);
    // The poster is never alerted of their own listing.
    await saved(landlord, {});
    expect(await notifiedListings(landlord)).toEqual([]);
  });

  it('a condominium search matches a condo listing, as the browse filter does', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    await saved(tenant, { type: 'condominium', subcity: 'Lideta' });
    const listing = await publishLive(landlord, { type: 'condo', subcity: 'Lideta' });
    expect(await notifiedListings(tenant)).toEqual([listing]);
  });

  it('one notification per person and listing, naming the search; opening it marks it read', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    await saved(tenant, { subcity: 'Gullele' }, { name: 'Gullele homes' });
    await saved(tenant, { subcity: 'Gullele', price_max: 90_000 }, { name: 'Cheap Gullele' });
    const listing = await publishLive(landlord, { subcity: 'Gullele', price_etb: 20_000 });
    const list = await notificationsOf(tenant);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ read: false, search_name: 'Gullele homes', listing: { _id: listing, available: true } });
    const count = await t.request({ method: 'GET', url: '/api/notifications/unread-count', headers: tenant.auth });
    expect(count.json().count).toBe(1);
    const read = await t.request({ method: 'POST', url: `/api/notifications/${list[0]!._id}/read`, headers: tenant.auth });
    expect(read.json().count).toBe(0);
    expect((await notificationsOf(tenant))[0]!.read).toBe(true);
    // Not someone else's to read.
    const other = await signUp(t);
    expect((await t.request({ method: 'POST', url: `/api/notifications/${list[0]!._id}/read`, headers: other.auth })).statusCode).toBe(404);
  });

  it('alerts turned off (one tap) stop notifications for that search', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    const id = await saved(tenant, { subcity: 'Akaky Kaliti' });
    const off = await t.request({ method: 'PATCH', url: `/api/saved-searches/${id}`, headers: tenant.auth, payload: { alerts: false } });
    expect(off.json().saved_search).toMatchObject({ alerts: false, sms: false });
    await publishLive(landlord, { subcity: 'Akaky Kaliti' });
    expect(await notifiedListings(tenant)).toEqual([]);
  });

  it('no alerts for a hidden listing or a draft', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    await saved(tenant, { subcity: 'Addis Ketema' });
    // Hidden by moderation before it went live: live, but nobody may see it.
    const hidden = await createDraftWithPhotos(t, landlord, { subcity: 'Addis Ketema' });
    await hideListing(t, hidden._id);
    expect((await publishListing(t, landlord, hidden._id)).statusCode).toBe(200);
    await t.alerts.matcher.run();
    // A draft never joins the queue; one queued and made a draft again before its turn alerts no one.
    const draft = await createDraftWithPhotos(t, landlord, { subcity: 'Addis Ketema' });
    await t.database.sql.query('INSERT INTO saved_search_match_queue (listing_id) VALUES ($1)', [draft._id]);
    await t.alerts.matcher.run();
    expect(await notifiedListings(tenant)).toEqual([]);
    const queue = await t.database.sql.query<{ listing_id: string; done: boolean }>(
      'SELECT listing_id, done_at IS NOT NULL AS done FROM saved_search_match_queue WHERE listing_id = ANY($1::uuid[])',
      [[hidden._id, draft._id]],
    );
    expect(queue.map((r) => r.done)).toEqual([true, true]);
  });

  it('matches each listing once with two workers racing, and never again when it is published again', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenants = [await signUp(t), await signUp(t), await signUp(t)];
    for (const tenant of tenants) await saved(tenant, { subcity: 'Nefas Silk-Lafto' });
    // Three listings go live without the app's own kick (as if their server stopped right after).
    const drafts = [];
    for (let i = 0; i < 3; i++) drafts.push(await createDraftWithPhotos(t, landlord, { subcity: 'Nefas Silk-Lafto' }));
    await t.database.sql.query("UPDATE listings SET visibility = 'live', published_at = now() WHERE id = ANY($1::uuid[])", [drafts.map((d) => d._id)]);

    const workers = [createAlertMatcher(t.ctx, new MemoryEventBus(t.ctx.log)), createAlertMatcher(t.ctx, new MemoryEventBus(t.ctx.log))];
    const [a, b] = await Promise.all(workers.map((w) => w.drain()));
    expect(a!.listings + b!.listings).toBe(3);
    // Every notification written was counted by exactly one worker (others' broad searches match too).
    const [written] = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE listing_id = ANY($1::uuid[])', [
      drafts.map((d) => d._id),
    ]);
    expect(a!.notifications + b!.notifications).toBe(written!.n);
    for (const tenant of tenants) expect((await notifiedListings(tenant)).sort()).toEqual(drafts.map((d) => d._id).sort());

    // Marked rented (a draft) and published again: no second alert.
    const first = drafts[0]!._id;
    await t.request({ method: 'PATCH', url: `/api/listings/${first}`, headers: landlord.auth, payload: { visibility: 'draft' } });
    expect((await publishListing(t, landlord, first)).statusCode).toBe(200);
    await Promise.all(workers.map((w) => w.drain()));
    await t.alerts.matcher.run();
    for (const tenant of tenants) expect(await notifiedListings(tenant)).toHaveLength(3);
  });

  if (TEST_DATABASE_URL) {
    it('PostgreSQL: a drain skips a listing whose row another transaction holds (a delete under way) and matches the rest; the delete then goes through', async () => {
      const landlord = await signUp(t, { userType: 'landlord' });
      const tenant = await signUp(t);
      await saved(tenant, { subcity: 'Kolfe Keranio' });
      const deleted = await createDraftWithPhotos(t, landlord, { subcity: 'Kolfe Keranio' });
      const kept = await createDraftWithPhotos(t, landlord, { subcity: 'Kolfe Keranio' });
      await t.database.sql.query("UPDATE listings SET visibility = 'live', published_at = now() WHERE id = ANY($1::uuid[])", [[deleted._id, kept._id]]);

      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        // The owner's delete has locked the listing's row and is about to cascade to its queue row.
        await other.query('BEGIN');
        await other.query('SELECT id FROM listings WHERE id = $1 FOR UPDATE', [deleted._id]);
        const drained = await createAlertMatcher(t.ctx, new MemoryEventBus(t.ctx.log)).drain();
        expect(drained.listings).toBe(1);
        expect(await notifiedListings(tenant)).toEqual([kept._id]);
        await other.query('DELETE FROM listings WHERE id = $1', [deleted._id]);
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
      const [left] = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_search_match_queue WHERE listing_id = $1', [deleted._id]);
      expect(left!.n).toBe(0);
    });
  }

  it('counts new matches since the last visit; opening the search starts the count again', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    const id = await saved(tenant, { subcity: 'Kolfe Keranio', type: 'house' });
    await publishLive(landlord, { subcity: 'Kolfe Keranio', type: 'house' });
    await publishLive(landlord, { subcity: 'Kolfe Keranio', type: 'villa' });
    const list = async () => (await t.request({ method: 'GET', url: '/api/saved-searches', headers: tenant.auth })).json().saved_searches;
    expect((await list())[0].new_matches).toBe(1);
    const visit = await t.request({ method: 'POST', url: `/api/saved-searches/${id}/visit`, headers: tenant.auth });
    expect(visit.json().saved_search.new_matches).toBe(0);
    expect((await list())[0].new_matches).toBe(0);
  });
});

describe('the SMS digest', () => {
  const HOUR = 3600_000;
  /** Moves the test clock to the given Addis hour (UTC+3) of the day after the clock's current day. */
  function setAddisTime(dayOffset: number, hour: number, minute = 0): void {
    const now = t.clock.now();
    const addis = new Date(now.getTime() + 3 * HOUR);
    const target = Date.UTC(addis.getUTCFullYear(), addis.getUTCMonth(), addis.getUTCDate() + dayOffset, hour - 3, minute);
    t.clock.advance(target - now.getTime());
  }
  const digestsTo = (who: SignedIn) => t.sms.sent.filter((m) => m.phone === who.phone && m.text.startsWith('Betoch:'));

  it('waits through quiet hours to 07:00, sends one a day at most, with a link to the results, and stops on STOP', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    const quietOnly = await signUp(t);
    await saved(tenant, { subcity: 'Arada', type: 'studio' }, { sms: true });
    await saved(quietOnly, { subcity: 'Arada', type: 'studio' }); // in-app only: never an SMS

    setAddisTime(1, 22, 30); // 22:30 in Addis: quiet
    await publishLive(landlord, { subcity: 'Arada', type: 'studio' });
    expect(await t.alerts.digest.run(t.clock.now())).toEqual({ sent: 0, quiet: true });
    setAddisTime(1, 6, 59); // the next morning, still quiet
    await t.alerts.digest.run(t.clock.now());
    expect(digestsTo(tenant)).toHaveLength(0);

    setAddisTime(0, 7, 0); // 07:00: what waited goes out
    await t.alerts.digest.run(t.clock.now());
    expect(digestsTo(tenant)).toHaveLength(1);
    expect(digestsTo(tenant)[0]!.text).toMatch(/1 new home .*\/browse\?subcity=Arada&type=studio|1 new home .*\/browse\?type=studio&subcity=Arada/);
    expect(digestsTo(tenant)[0]!.text).toContain('STOP');
    expect(digestsTo(quietOnly)).toHaveLength(0);

    // Another match the same day: in the app at once, by SMS only tomorrow.
    setAddisTime(0, 12, 0);
    await publishLive(landlord, { subcity: 'Arada', type: 'studio' });
    await t.alerts.digest.run(t.clock.now());
    expect(digestsTo(tenant)).toHaveLength(1);
    expect(await notifiedListings(tenant)).toHaveLength(2);
    setAddisTime(0, 20, 59);
    await t.alerts.digest.run(t.clock.now());
    expect(digestsTo(tenant)).toHaveLength(1);
    setAddisTime(1, 7, 10);
    await t.alerts.digest.run(t.clock.now());
    expect(digestsTo(tenant)).toHaveLength(2);
    // Nothing new: nothing sent.
    setAddisTime(1, 8, 0);
    await t.alerts.digest.run(t.clock.now());
    expect(digestsTo(tenant)).toHaveLength(2);
  });

  it('turning SMS off in the app stops the digest at once', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    const id = await saved(tenant, { subcity: 'Bole', type: 'villa', price_min: 900_000 }, { sms: true });
    setAddisTime(1, 10, 0);
    await publishLive(landlord, { subcity: 'Bole', type: 'villa', price_etb: 950_000 });
    await t.request({ method: 'PATCH', url: `/api/saved-searches/${id}`, headers: tenant.auth, payload: { sms: false } });
    await t.alerts.digest.run(t.clock.now());
    expect(digestsTo(tenant)).toHaveLength(0);
    expect(await notifiedListings(tenant)).toHaveLength(1);
  });
});

describe('replying STOP through the gateway', () => {
  it('is off without a configured secret (404)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/sms/inbound', payload: { from: '+251911000000', message: 'STOP' } });
    expect(res.statusCode).toBe(404);
  });

  it('turns every SMS digest of the phone off, only with the shared secret', async () => {
    const secret = 'inbound-secret-for-tests-0123456789';
    const app = await createListingsTestApp({ SMS_INBOUND_SECRET: secret });
    try {
      const tenant = await signUp(app);
      const other = await signUp(app);
      for (const who of [tenant, other]) {
        for (const subcity of ['Bole', 'Yeka']) {
          const res = await app.request({
            method: 'POST',
            url: '/api/saved-searches',
            headers: who.auth,
            payload: { name: subcity, filters: { subcity }, sms: true },
          });
          expect(res.statusCode).toBe(201);
        }
      }
      const send = (headers: Record<string, string>, payload: Record<string, unknown>) =>
        app.request({ method: 'POST', url: '/api/sms/inbound', headers, payload });
      expect((await send({}, { from: tenant.phone, message: 'STOP' })).statusCode).toBe(401);
      expect((await send({ 'x-sms-inbound-secret': 'wrong-secret-wrong-secret-000000' }, { from: tenant.phone, message: 'STOP' })).statusCode).toBe(401);
      // Not a stop word: nothing changes.
      expect((await send({ 'x-sms-inbound-secret': secret }, { from: tenant.phone, message: 'hello' })).json().stopped).toBe(0);
      // The gateway may send the local form of the number and a lower-case word.
      const local = `0${tenant.phone.slice(4)}`;
      const stop = await send({ 'x-sms-inbound-secret': secret }, { from: local, message: ' stop ' });
      expect(stop.json()).toEqual({ ok: true, stopped: 2 });
      const mine = (await app.request({ method: 'GET', url: '/api/saved-searches', headers: tenant.auth })).json().saved_searches;
      expect(mine.map((s: { sms: boolean; alerts: boolean }) => [s.sms, s.alerts])).toEqual([
        [false, true],
        [false, true],
      ]);
      const theirs = (await app.request({ method: 'GET', url: '/api/saved-searches', headers: other.auth })).json().saved_searches;
      expect(theirs.map((s: { sms: boolean }) => s.sms)).toEqual([true, true]);
      // Amharic works too.
      expect((await send({ 'x-sms-inbound-secret': secret }, { phone: other.phone, text: 'አቁም' })).json().stopped).toBe(2);
    } finally {
      await app.close();
    }
  });
});
