import { describe, expect, it } from 'vitest';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import { createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { grantByLedger } from '../support/wallet.ts';
import { useTestApp } from '../support/use-test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const t = useTestApp(createListingsTestApp);

/** Moves the clock and lets the periodic jobs run, as a server's tick would. */
async function pass(ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.jobs.tick();
}

/** A fresh session: tests move the clock past a 30-day sign-in. */
function again(who: SignedIn): Promise<SignedIn> {
  return logIn(t, who.phone);
}

async function ownView(who: SignedIn, id: string) {
  const res = await t.request({ method: 'GET', url: `/api/listings/${id}`, headers: (await again(who)).auth });
  return res.json().listing as {
    visibility: string;
    confirmed_at: string | null;
    confirm_asked_at: string | null;
    expired_at: string | null;
    expired_reason: string | null;
  };
}

async function browseIds(query = ''): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: `/api/listings?limit=50${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().listings.map((l: { _id: string }) => l._id);
}

/** The 'still available?' messages to a poster (not their sign-in codes). */
function smsTo(who: SignedIn): string[] {
  return t.sms.sent.filter((m) => m.phone === toE164(who.phone) && m.text.includes('/confirm/')).map((m) => m.text);
}

function toE164(phone: string): string {
  return phone.startsWith('+') ? phone : `+251${phone.replace(/^0/, '')}`;
}

function tokenIn(text: string | undefined): string {
  const match = /\/confirm\/([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match) throw new Error(`no link in ${text}`);
  return match[1]!;
}

describe('confirmation date', () => {
  it('publishing, editing and "Still available" confirm; the public view shows confirmed_at', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const live = await createLiveListing(t, landlord);
    expect(Math.abs(Date.parse(live.confirmed_at!) - t.clock.now().getTime())).toBeLessThan(5000);

    t.clock.advance(3 * DAY);
    const anon = await t.request({ method: 'GET', url: `/api/listings/${live._id}` });
    expect(anon.json().listing.confirmed_at).toBe(live.confirmed_at);

    const edit = await t.request({ method: 'PATCH', url: `/api/listings/${live._id}`, headers: landlord.auth, payload: { price_etb: 9000 } });
    expect(edit.statusCode).toBe(200);
    const editedAt = Date.parse(edit.json().listing.confirmed_at);
    expect(editedAt).toBeGreaterThan(Date.parse(live.confirmed_at!) + 2 * DAY);

    t.clock.advance(2 * DAY);
    const confirm = await t.request({ method: 'POST', url: `/api/listings/${live._id}/confirm`, headers: landlord.auth, payload: { answer: 'available' } });
    expect(confirm.statusCode).toBe(200);
    expect(Date.parse(confirm.json().confirmed_at)).toBeGreaterThan(editedAt + DAY);
    // The public answer is cached per listings version: the confirmation is a write, so it shows.
    const after = await t.request({ method: 'GET', url: `/api/listings/${live._id}` });
    expect(after.json().listing.confirmed_at).toBe(confirm.json().confirmed_at);
  });

  it('only the poster confirms; a bad answer is refused with a message', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const other = await signUp(t);
    const live = await createLiveListing(t, landlord);
    const stranger = await t.request({ method: 'POST', url: `/api/listings/${live._id}/confirm`, headers: other.auth, payload: { answer: 'available' } });
    expect(stranger.statusCode).toBe(404);
    const bad = await t.request({ method: 'POST', url: `/api/listings/${live._id}/confirm`, headers: landlord.auth, payload: { answer: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.answer).toBeTruthy();
  });
});

describe('the 14-day question', () => {
  it('is sent once, by SMS with a link, and shows on my-listings', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const live = await createLiveListing(t, landlord, { title: 'Sunny flat near Edna Mall' });
    await pass(13 * DAY);
    expect(smsTo(landlord)).toHaveLength(0);
    expect((await ownView(landlord, live._id)).confirm_asked_at).toBeNull();

    await pass(1 * DAY + MINUTE);
    const texts = smsTo(landlord);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Is "Sunny flat near Edna Mall" still available?');
    expect(texts[0]).toMatch(/\/confirm\/[A-Za-z0-9_-]{20,}/);
    expect((await ownView(landlord, live._id)).confirm_asked_at).not.toBeNull();
    const mine = await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: (await again(landlord)).auth });
    expect(mine.json().listings[0].confirm_asked_at).not.toBeNull();

    // Later runs do not ask again for the same confirmation.
    await pass(HOUR);
    await pass(2 * DAY);
    expect(smsTo(landlord)).toHaveLength(1);

    // The stored token is a hash, never the token itself.
    const token = tokenIn(texts[0]);
    const stored = await t.database.sql.query<{ token_hash: string }>('SELECT token_hash FROM listing_confirm_tokens WHERE listing_id = $1', [live._id]);
    expect(stored.length).toBe(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the SMS link answers without signing in, once, only for its listing; 'Yes' confirms", async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const live = await createLiveListing(t, landlord);
    const other = await createLiveListing(t, landlord);
    await pass(14 * DAY + MINUTE);
    const texts = smsTo(landlord);
    expect(texts).toHaveLength(2);
    const token = tokenIn(texts[0]);

    const peek = await t.request({ method: 'GET', url: `/api/confirm-links/${token}` });
    expect(peek.statusCode).toBe(200);
    const asked = peek.json().listing._id as string;
    expect([live._id, other._id]).toContain(asked);
    const untouched = asked === live._id ? other._id : live._id;

    const yes = await t.request({ method: 'POST', url: `/api/confirm-links/${token}`, payload: { answer: 'available' } });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()._id).toBe(asked);
    const view = await ownView(landlord, asked);
    expect(Math.abs(Date.parse(view.confirmed_at!) - t.clock.now().getTime())).toBeLessThan(5000);
    expect(view.confirm_asked_at).toBeNull();
    // Only its own listing: the other one is still unconfirmed and asked.
    const otherView = await ownView(landlord, untouched);
    expect(otherView.confirm_asked_at).not.toBeNull();
    expect(Date.parse(otherView.confirmed_at!)).toBeLessThan(t.clock.now().getTime() - 14 * DAY);

    // Single use: the same link answers nothing more, and says so.
    const twice = await t.request({ method: 'POST', url: `/api/confirm-links/${token}`, payload: { answer: 'rented' } });
    expect(twice.statusCode).toBe(410);
    expect(twice.json().error).toBe('confirm_link_invalid');
    expect((await ownView(landlord, asked)).visibility).toBe('live');
    expect((await t.request({ method: 'GET', url: `/api/confirm-links/${token}` })).statusCode).toBe(410);
    // A made-up token is no better.
    const guess = await t.request({ method: 'POST', url: `/api/confirm-links/${'x'.repeat(32)}`, payload: { answer: 'rented' } });
    expect(guess.statusCode).toBe(410);
  });

  it("'Rented' from the link takes the listing out of browse; an expired link does nothing", async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const first = await createLiveListing(t, landlord);
    await pass(14 * DAY + MINUTE);
    const token = tokenIn(smsTo(landlord)[0]);
    const rented = await t.request({ method: 'POST', url: `/api/confirm-links/${token}`, payload: { answer: 'rented' } });
    expect(rented.statusCode).toBe(200);
    expect(rented.json().visibility).toBe('draft');
    expect(await browseIds()).not.toContain(first._id);

    const second = await createLiveListing(t, await again(landlord));
    await pass(14 * DAY + MINUTE);
    const late = tokenIn(smsTo(landlord).at(-1));
    await pass(7 * DAY + MINUTE); // the link lasts 7 days
    const answer = await t.request({ method: 'POST', url: `/api/confirm-links/${late}`, payload: { answer: 'rented' } });
    expect(answer.statusCode).toBe(410);
    expect(['live', 'expired']).toContain((await ownView(landlord, second._id)).visibility);
    expect((await ownView(landlord, second._id)).visibility).not.toBe('draft');
  });
});

describe('expiry after 30 days', () => {
  it("leaves browse and the detail page, frees the landlord's slot, and renews in one tap", async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const a = await createLiveListing(t, landlord);
    await createLiveListing(t, landlord);
    await createLiveListing(t, landlord);
    // Three live: the fourth is refused.
    await pass(29 * DAY);
    expect(await browseIds()).toContain(a._id);
    // Two are confirmed on day 29: only the first expires on day 30.
    const fresh = await again(landlord);
    const mine = (await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: fresh.auth })).json().listings as Array<{ _id: string }>;
    for (const l of mine.filter((l) => l._id !== a._id)) {
      expect(
        (await t.request({ method: 'POST', url: `/api/listings/${l._id}/confirm`, headers: fresh.auth, payload: { answer: 'available' } })).statusCode,
      ).toBe(200);
    }
    await pass(DAY + MINUTE);
    const view = await ownView(landlord, a._id);
    expect(view.visibility).toBe('expired');
    expect(view.expired_reason).toBe('unconfirmed');
    expect(await browseIds()).not.toContain(a._id);
    expect((await t.request({ method: 'GET', url: `/api/listings/${a._id}` })).statusCode).toBe(404);

    const me = await again(landlord);
    const stats = (await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: me.auth })).json().stats;
    expect(stats.landlord_live).toBe(2);
    expect(stats.remaining_slots).toBe(1);

    const renew = await t.request({ method: 'POST', url: `/api/listings/${a._id}/renew`, headers: me.auth });
    expect(renew.statusCode).toBe(200);
    expect(renew.json()).toMatchObject({ visibility: 'live', post_credit_spent: false });
    expect(await browseIds()).toContain(a._id);
    // Renewing a live listing is refused.
    const twice = await t.request({ method: 'POST', url: `/api/listings/${a._id}/renew`, headers: me.auth });
    expect(twice.statusCode).toBe(400);
  });

  it('a landlord whose slots are full again cannot renew', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const old = await createLiveListing(t, landlord);
    await pass(30 * DAY + MINUTE);
    expect((await ownView(landlord, old._id)).visibility).toBe('expired');
    const me = await again(landlord);
    for (let i = 0; i < 3; i++) await createLiveListing(t, me);
    const renew = await t.request({ method: 'POST', url: `/api/listings/${old._id}/renew`, headers: me.auth });
    expect(renew.statusCode).toBe(409);
    expect(renew.json().error).toBe('landlord_listing_limit_exceeded');
  });

  it('a broker renews free within 7 days of expiry, and pays a post credit after', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantByLedger(t, broker, 'post_credits', 3);
    const a = await createLiveListing(t, broker);
    const b = await createLiveListing(t, broker);
    const credits = async (who: SignedIn) => (await t.request({ method: 'GET', url: '/api/wallet/balance', headers: who.auth })).json().post_credits as number;
    expect(await credits(broker)).toBe(1);
    await pass(30 * DAY + MINUTE);
    expect((await ownView(broker, a._id)).visibility).toBe('expired');

    await pass(7 * DAY - 2 * HOUR);
    let me = await again(broker);
    const free = await t.request({ method: 'POST', url: `/api/listings/${a._id}/renew`, headers: me.auth });
    expect(free.statusCode).toBe(200);
    expect(free.json().post_credit_spent).toBe(false);
    expect(await credits(me)).toBe(1);

    await pass(3 * HOUR);
    me = await again(broker);
    const paid = await t.request({ method: 'POST', url: `/api/listings/${b._id}/renew`, headers: me.auth });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ post_credit_spent: true, post_credits: 0 });
    expect(await credits(me)).toBe(0);
  });

  it('an expired listing is renewed, not published again', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantByLedger(t, broker, 'post_credits', 2);
    const a = await createLiveListing(t, broker);
    await pass(30 * DAY + MINUTE);
    const me = await again(broker);
    const publish = await t.request({ method: 'POST', url: `/api/listings/${a._id}/publish`, headers: me.auth });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().error).toBe('invalid_state');
  });
});

describe("tenants' 'Is it still available?'", () => {
  it('asks the poster at once by SMS, once per tenant, and shows on my-listings', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    const live = await createLiveListing(t, landlord, { title: 'Quiet studio by Bole Medhanialem' });
    const ask = await t.request({ method: 'POST', url: `/api/listings/${live._id}/ask-availability`, headers: tenant.auth });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().already_asked).toBe(false);
    expect(smsTo(landlord)).toHaveLength(1);
    expect(smsTo(landlord)[0]).toContain('Quiet studio by Bole Medhanialem');

    const again2 = await t.request({ method: 'POST', url: `/api/listings/${live._id}/ask-availability`, headers: tenant.auth });
    expect(again2.statusCode).toBe(200);
    expect(again2.json().already_asked).toBe(true);
    expect(smsTo(landlord)).toHaveLength(1);

    const mine = (await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: landlord.auth })).json().listings;
    expect(mine[0].open_asks).toBe(1);
    // Confirming answers it.
    await t.request({ method: 'POST', url: `/api/listings/${live._id}/confirm`, headers: landlord.auth, payload: { answer: 'available' } });
    const after = (await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: landlord.auth })).json().listings;
    expect(after[0].open_asks).toBe(0);
  });

  it('the poster cannot ask about their own listing; nobody about a listing not live', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const live = await createLiveListing(t, landlord);
    const own = await t.request({ method: 'POST', url: `/api/listings/${live._id}/ask-availability`, headers: landlord.auth });
    expect(own.statusCode).toBe(403);
    await t.request({ method: 'PATCH', url: `/api/listings/${live._id}`, headers: landlord.auth, payload: { visibility: 'draft' } });
    const tenant = await signUp(t);
    const gone = await t.request({ method: 'POST', url: `/api/listings/${live._id}/ask-availability`, headers: tenant.auth });
    expect(gone.statusCode).toBe(404);
    const anonymous = await t.request({ method: 'POST', url: `/api/listings/${live._id}/ask-availability` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('three asks left unanswered for 48 hours expire the listing early; an answer in time keeps it', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const quiet = await createLiveListing(t, landlord);
    const answered = await createLiveListing(t, landlord);
    for (let i = 0; i < 3; i++) {
      const tenant = await signUp(t);
      for (const id of [quiet._id, answered._id]) {
        expect((await t.request({ method: 'POST', url: `/api/listings/${id}/ask-availability`, headers: tenant.auth })).statusCode).toBe(200);
      }
      t.clock.advance(HOUR);
    }
    // Two asks only would not do it: a third listing with two asks stays.
    await pass(46 * HOUR);
    expect((await ownView(landlord, quiet._id)).visibility).toBe('live');
    await t.request({ method: 'POST', url: `/api/listings/${answered._id}/confirm`, headers: (await again(landlord)).auth, payload: { answer: 'available' } });
    await pass(3 * HOUR);
    const view = await ownView(landlord, quiet._id);
    expect(view.visibility).toBe('expired');
    expect(view.expired_reason).toBe('tenant_asks');
    expect((await ownView(landlord, answered._id)).visibility).toBe('live');
  });

  it('two unanswered asks do not expire a listing', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const live = await createLiveListing(t, landlord);
    for (let i = 0; i < 2; i++) {
      const tenant = await signUp(t);
      await t.request({ method: 'POST', url: `/api/listings/${live._id}/ask-availability`, headers: tenant.auth });
    }
    await pass(5 * DAY);
    expect((await ownView(landlord, live._id)).visibility).toBe('live');
  });
});

describe("browse filter 'Confirmed in the last 7 days'", () => {
  it('keeps only recently confirmed listings, same order, and follows confirmations', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const older = await createLiveListing(t, landlord);
    t.clock.advance(8 * DAY);
    const me = await again(landlord);
    const newer = await createLiveListing(t, me);
    const all = await browseIds();
    const recent = await browseIds('&confirmed=7');
    expect(all).toContain(older._id);
    expect(recent).toContain(newer._id);
    expect(recent).not.toContain(older._id);
    // Same order as without the filter.
    expect(recent).toEqual(all.filter((id) => recent.includes(id)));

    // A confirmation is a write: the cached filtered page follows at once.
    await t.request({ method: 'POST', url: `/api/listings/${older._id}/confirm`, headers: me.auth, payload: { answer: 'available' } });
    expect(await browseIds('&confirmed=7')).toContain(older._id);

    const bad = await t.request({ method: 'GET', url: '/api/listings?confirmed=30' });
    expect(bad.statusCode).toBe(400);
  });
});
