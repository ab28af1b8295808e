import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireListing } from '../../src/modules/freshness/freshness.service.ts';
import { createDraftWithPhotos, createLiveListing, publishListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { createTelegramTestApp, linkTelegram, type TelegramTestApp } from '../support/telegram.ts';
import type { TestApp } from '../support/test-app.ts';
import { act, admin, caseOf, report } from '../trust/trust-calls.ts';

/*
 * 'A listing left the market' (lib/domain-events.ts): what each listener does, in the transaction
 * that takes the listing off the market, for each way it leaves. Refunds' listener is proven in
 * refunds/refund-claims.test.ts; the bell's calls with a saved home gone, in
 * alerts/saved-home-gone-notifications.test.ts.
 */

const CHANNEL = '@betoch_new_homes';
const NO_LONGER = 'No longer available / አሁን አይገኝም';
let tg: TelegramTestApp;
let t: TestApp;
/** A listener subscribed after the app's own that fails while this is set (the rollback test). */
let failing = false;
beforeAll(async () => {
  tg = await createTelegramTestApp({ TELEGRAM_CHANNEL_ID: CHANNEL });
  t = tg.t;
  t.ctx.events.on('listingLeftMarket', async () => {
    if (failing) throw new Error('a listener failed');
  });
});
afterAll(async () => tg.close());

type Reason = 'rented' | 'expired' | 'hidden';

/** The listing leaves the market the way a user or a job takes it off. */
async function leave(reason: Reason, owner: SignedIn, listingId: string): Promise<void> {
  if (reason === 'rented') {
    const res = await t.request({ method: 'PATCH', url: `/api/listings/${listingId}`, headers: owner.auth, payload: { visibility: 'draft' } });
    expect(res.statusCode, res.body).toBe(200);
  } else if (reason === 'expired') {
    // The freshness job's expiry (30 days unconfirmed), as the job runs it.
    const expired = await t.ctx.db.transaction((tx) => expireListing(t.ctx.events, tx, listingId, t.clock.now(), 'unconfirmed'));
    expect(expired?.visibility).toBe('expired');
  } else {
    // An admin hides it from the moderation queue, after a tenant's report.
    await report(t, await signUp(t), 'listing', listingId);
    const moderator = await admin(t);
    const listingCase = await caseOf(t, moderator, listingId);
    await act(t, moderator, listingCase!._id, 'hide');
  }
}

/** Goes live without the publish's kick of the matcher (as if its server stopped right after): it waits in the queue. */
async function liveAndWaitingToMatch(owner: SignedIn, subcity: string, type = 'apartment'): Promise<string> {
  const draft = await createDraftWithPhotos(t, owner, { subcity, type });
  await t.database.sql.query("UPDATE listings SET visibility = 'live', published_at = now() WHERE id = $1", [draft._id]);
  return draft._id;
}

async function waitingInMatchQueue(listingId: string): Promise<boolean> {
  const rows = await t.database.sql.query('SELECT 1 FROM saved_search_match_queue WHERE listing_id = $1 AND done_at IS NULL', [listingId]);
  return rows.length === 1;
}

async function saveSearch(who: SignedIn, filters: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/api/saved-searches', headers: who.auth, payload: { name: 'Near work', filters, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
}

interface Notification {
  _id: string;
  kind: string;
  listing: { _id: string; title: string; subcity: string; available: boolean };
  search_name: string | null;
  read: boolean;
  created_at: string;
}

async function notificationsOf(who: SignedIn): Promise<{ notifications: Notification[]; unread: number; body: string }> {
  const res = await t.request({ method: 'GET', url: '/api/notifications', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return { ...(res.json() as { notifications: Notification[]; unread: number }), body: res.body };
}

async function notifiedListings(who: SignedIn): Promise<string[]> {
  return (await notificationsOf(who)).notifications.map((n) => n.listing._id);
}

async function saveHome(who: SignedIn, listingId: string): Promise<void> {
  const res = await t.request({ method: 'PUT', url: `/api/favourites/${listingId}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
}

const goneRows = (listingId: string) =>
  t.database.sql.query<{ user_id: string }>("SELECT user_id FROM notifications WHERE listing_id = $1 AND kind = 'saved_listing_gone'", [listingId]);

/** A listing published through the API whose post the channel has sent. */
async function postedListing(owner: SignedIn, title: string): Promise<string> {
  const listing = await createLiveListing(t, owner, { title });
  // The post is queued after the publish's answer (later on a loaded machine): send what is queued until it is there.
  const deadline = Date.now() + 20_000;
  while (!tg.bot.messagesTo(CHANNEL).some((m) => m.text.startsWith(title))) {
    if (Date.now() > deadline) throw new Error(`the channel post of '${title}' was never sent`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.telegram.queue!.drain();
  }
  return listing._id;
}

async function channelPost(listingId: string) {
  const [post] = await t.database.sql.query<{ closed: boolean; take_down_queued: boolean }>(
    `SELECT p.closed_at IS NOT NULL AS closed, EXISTS (SELECT 1 FROM telegram_outbox o WHERE o.dedupe_key = 'channel-close:' || p.listing_id::text) AS take_down_queued
       FROM telegram_channel_posts p WHERE p.listing_id = $1`,
    [listingId],
  );
  return post!;
}

const subcities: Record<Reason, string> = { rented: 'Lideta', expired: 'Gulele', hidden: 'Kirkos' };

describe.each<Reason>(['rented', 'expired', 'hidden'])('a listing %s', (reason) => {
  it('has its channel post taken down in the same change, without waiting for the channel job', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const title = `Flat to be ${reason}`;
    const listingId = await postedListing(owner, title);
    expect(await channelPost(listingId)).toEqual({ closed: false, take_down_queued: false });

    await leave(reason, owner, listingId);
    expect(await channelPost(listingId)).toEqual({ closed: true, take_down_queued: true });
    // The send queue sends it (a listening server reads the queue each second); the job finds nothing left.
    await t.telegram.queue!.drain();
    const post = tg.bot.messagesTo(CHANNEL).find((m) => m.text.includes(title))!;
    expect(post.text.startsWith(NO_LONGER)).toBe(true);
    expect(post.edits).toBe(1);
    expect(await t.telegram.channel!.closeGone(t.clock.now())).toEqual({ edited: 0, deleted: 0 });
  });

  it('tells everyone who saved it, in the bell, and no one else: not its poster, not who did not save it', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const [first, second, bystander] = [await signUp(t), await signUp(t), await signUp(t)];
    const title = `Saved home to be ${reason}`;
    // Posted on the channel first, so no post of it is left for the channel tests' job to find.
    const listingId = await postedListing(owner, title);
    // The poster saved their own home too: they are not told about it.
    for (const who of [first, second, owner]) await saveHome(who, listingId);
    const before = t.clock.now().getTime();

    await leave(reason, owner, listingId);
    for (const who of [first, second]) {
      const { notifications, unread, body } = await notificationsOf(who);
      expect(notifications).toEqual([
        {
          _id: expect.any(String),
          kind: 'saved_listing_gone',
          listing: expect.objectContaining({ _id: listingId, title, subcity: 'Bole', available: false }),
          search_name: null,
          read: false,
          created_at: expect.any(String),
        },
      ]);
      expect(Date.parse(notifications[0]!.created_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(unread).toBe(1);
      // Nothing anyone pays for: not the poster's phone, in any form.
      expect(body).not.toContain(owner.phone.slice(-9));
    }
    expect((await notificationsOf(owner)).notifications).toEqual([]);
    expect((await notificationsOf(bystander)).notifications).toEqual([]);
  });

  it('leaves the queue of listings to match, so no saved search is alerted about it', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    await saveSearch(tenant, { subcity: subcities[reason] });
    const listingId = await liveAndWaitingToMatch(owner, subcities[reason]);
    expect(await waitingInMatchQueue(listingId)).toBe(true);

    await leave(reason, owner, listingId);
    expect(await waitingInMatchQueue(listingId)).toBe(false);
    await t.alerts.matcher.run();
    expect(await notifiedListings(tenant)).toEqual([]);
  });
});

describe('after leaving the market', () => {
  it('a listing rented before it was matched is matched when it is published again, once', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    await saveSearch(tenant, { subcity: 'Yeka', type: 'villa' });
    const listingId = await liveAndWaitingToMatch(owner, 'Yeka', 'villa');
    await leave('rented', owner, listingId);
    await t.alerts.matcher.run();
    expect(await notifiedListings(tenant)).toEqual([]);

    expect((await publishListing(t, owner, listingId)).statusCode).toBe(200);
    await t.alerts.matcher.run();
    expect(await notifiedListings(tenant)).toEqual([listingId]);
  });

  it('a new-match alert still waiting to be sent by Telegram is dropped, never sent', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    const chat = 8700;
    await linkTelegram(t, tenant, chat);
    await saveSearch(tenant, { subcity: 'Bole', type: 'condominium' }, { telegram: true });
    const listingId = await liveAndWaitingToMatch(owner, 'Bole', 'condominium');
    // Telegram is failing for a moment: the alert waits in the send queue to be tried again.
    tg.bot.fail({ method: 'sendPhoto', status: 502, description: 'Bad Gateway', times: 1 });
    await t.alerts.matcher.run();
    await t.telegram.queue!.drain();
    expect(await notifiedListings(tenant)).toEqual([listingId]);
    const waiting = () =>
      t.database.sql.query<{ failed: boolean; last_error: string }>(
        `SELECT o.failed_at IS NOT NULL AS failed, o.last_error FROM telegram_outbox o JOIN notifications n ON o.dedupe_key = 'match:' || n.id::text
          WHERE n.listing_id = $1`,
        [listingId],
      );
    expect(await waiting()).toEqual([{ failed: false, last_error: expect.stringContaining('Bad Gateway') }]);

    await leave('rented', owner, listingId);
    expect(await waiting()).toEqual([{ failed: true, last_error: 'the listing left the market' }]);
    t.clock.advance(3600_000);
    await t.telegram.queue!.drain();
    expect(tg.bot.messagesTo(chat).filter((m) => m.kind === 'photo')).toEqual([]);
  });

  it('a saved home that leaves again (published again, then rented again) tells again: the same notification, dated anew and unread', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    const listingId = await postedListing(owner, 'Flat rented twice');
    await saveHome(tenant, listingId);
    await leave('rented', owner, listingId);
    const [first] = (await notificationsOf(tenant)).notifications;
    expect(first).toMatchObject({ kind: 'saved_listing_gone', read: false });
    expect((await t.request({ method: 'POST', url: `/api/notifications/${first!._id}/read`, headers: tenant.auth })).json()).toEqual({ ok: true, count: 0 });

    t.clock.advance(3600_000);
    expect((await publishListing(t, owner, listingId)).statusCode).toBe(200);
    expect((await notificationsOf(tenant)).unread).toBe(0);
    await leave('rented', owner, listingId);
    const { notifications, unread } = await notificationsOf(tenant);
    expect(notifications).toEqual([{ ...first, read: false, created_at: expect.any(String) }]);
    expect(Date.parse(notifications[0]!.created_at) - Date.parse(first!.created_at)).toBeGreaterThanOrEqual(3600_000);
    expect(unread).toBe(1);
  });

  it('a listener that fails undoes the whole change: the listing stays live, queued and posted, and its savers are told nothing', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const posted = await postedListing(owner, 'Flat whose rental fails');
    const waiting = await liveAndWaitingToMatch(owner, 'Arada');
    const tenant = await signUp(t);
    await saveHome(tenant, posted);
    failing = true;
    try {
      for (const listingId of [posted, waiting]) {
        const res = await t.request({ method: 'PATCH', url: `/api/listings/${listingId}`, headers: owner.auth, payload: { visibility: 'draft' } });
        expect(res.statusCode).toBe(500);
        const [row] = await t.database.sql.query<{ visibility: string }>('SELECT visibility FROM listings WHERE id = $1', [listingId]);
        expect(row!.visibility).toBe('live');
      }
    } finally {
      failing = false;
    }
    expect(await channelPost(posted)).toEqual({ closed: false, take_down_queued: false });
    expect(await waitingInMatchQueue(waiting)).toBe(true);
    expect(await goneRows(posted)).toEqual([]);
    expect((await notificationsOf(tenant)).unread).toBe(0);
  });
});
