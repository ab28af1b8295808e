import { describe, expect, it } from 'vitest';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import { blockPosting, createDraftWithPhotos, createListing, createListingsTestApp, publishListing, signUpAdmin, suspendUser } from '../support/factories.ts';
import { grantByLedger } from '../support/wallet.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createListingsTestApp);

async function myStats(who: SignedIn) {
  const res = await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: who.auth });
  return res.json().stats as { landlord_live: number; delala_live: number; live: number; draft: number; remaining_slots: number };
}

async function postCredits(who: SignedIn): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/wallet/balance', headers: who.auth });
  return res.json().post_credits as number;
}

async function visibilityOf(who: SignedIn, id: string): Promise<string> {
  const res = await t.request({ method: 'GET', url: `/api/listings/${id}`, headers: who.auth });
  return res.json().listing.visibility as string;
}

describe('publishing as a landlord', () => {
  it('makes a draft with a photo live and answers the listing without post credits', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const draft = await createDraftWithPhotos(t, landlord);
    const res = await publishListing(t, landlord, draft._id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.listing).toMatchObject({ _id: draft._id, visibility: 'live', access: 'poster' });
    expect(Math.abs(Date.parse(body.listing.published_at) - t.clock.now().getTime())).toBeLessThan(5000);
    expect(body.post_credits).toBeUndefined();
    const browse = await t.request({ method: 'GET', url: '/api/listings' });
    expect(browse.json().listings.map((l: { _id: string }) => l._id)).toContain(draft._id);
  });

  it('needs at least one photo', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const draft = await createListing(t, landlord);
    const res = await publishListing(t, landlord, draft._id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('not_enough_photos');
    expect(await visibilityOf(landlord, draft._id)).toBe('draft');
  });

  it("refuses a 4th live listing with the spec's message, and mark-as-rented frees the slot", async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const drafts = [];
    for (let i = 0; i < 4; i += 1) drafts.push(await createDraftWithPhotos(t, landlord, { title: `Home ${i}` }));
    for (const draft of drafts.slice(0, 3)) expect((await publishListing(t, landlord, draft._id)).statusCode).toBe(200);
    expect(await myStats(landlord)).toMatchObject({ landlord_live: 3, remaining_slots: 0 });

    const fourth = await publishListing(t, landlord, drafts[3]!._id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      ok: false,
      error: 'landlord_listing_limit_exceeded',
      message: 'You have reached the maximum of 3 listings. Please delete an existing listing to post a new one.',
    });
    expect(await visibilityOf(landlord, drafts[3]!._id)).toBe('draft');

    // Mark as rented: live -> draft.
    const rented = await t.request({ method: 'PATCH', url: `/api/listings/${drafts[0]!._id}`, headers: landlord.auth, payload: { visibility: 'draft' } });
    expect(rented.statusCode).toBe(200);
    expect(rented.json().listing.visibility).toBe('draft');
    expect((await myStats(landlord)).landlord_live).toBe(2);
    expect((await publishListing(t, landlord, drafts[3]!._id)).statusCode).toBe(200);
    expect(await myStats(landlord)).toMatchObject({ landlord_live: 3, live: 3, draft: 1, remaining_slots: 0 });
  });

  it('gives exactly 3 live listings when 6 publishes race', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const drafts = [];
    for (let i = 0; i < 6; i += 1) drafts.push(await createDraftWithPhotos(t, landlord, { title: `Race ${i}` }));
    const results = await Promise.all(drafts.map((d) => publishListing(t, landlord, d._id)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    expect(await myStats(landlord)).toMatchObject({ landlord_live: 3, live: 3, draft: 3 });
  });

  it('publishing a live listing again changes nothing', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const draft = await createDraftWithPhotos(t, landlord);
    const first = await publishListing(t, landlord, draft._id);
    t.clock.advance(60_000);
    const again = await publishListing(t, landlord, draft._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().listing.published_at).toBe(first.json().listing.published_at);
  });

  it('answers 404 when someone else publishes, and lets an admin publish', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const stranger = await signUp(t, { userType: 'landlord' });
    const draft = await createDraftWithPhotos(t, landlord);
    const res = await publishListing(t, stranger, draft._id);
    expect(res.statusCode).toBe(404);
    expect(await visibilityOf(landlord, draft._id)).toBe('draft');
    expect((await t.request({ method: 'POST', url: `/api/listings/${draft._id}/publish` })).statusCode).toBe(401);
    const admin = await signUpAdmin(t);
    const byAdmin = await publishListing(t, admin, draft._id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().listing).toMatchObject({ visibility: 'live', access: 'admin' });
  });

  it('refuses a suspended poster', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const draft = await createDraftWithPhotos(t, landlord);
    await suspendUser(t, landlord, new Date(t.clock.now().getTime() + 7 * 86_400_000));
    const res = await publishListing(t, landlord, draft._id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_suspended');
    // Marking as rented (and deleting) stays possible while suspended.
    const rented = await t.request({ method: 'PATCH', url: `/api/listings/${draft._id}`, headers: landlord.auth, payload: { visibility: 'draft' } });
    expect(rented.statusCode).toBe(200);
    const edit = await t.request({ method: 'PATCH', url: `/api/listings/${draft._id}`, headers: landlord.auth, payload: { title: 'New title' } });
    expect(edit.statusCode).toBe(403);
  });
});

describe('publishing as a broker', () => {
  it('refuses without post credits (402) and leaves the draft as it was', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    const draft = await createDraftWithPhotos(t, broker);
    const res = await publishListing(t, broker, draft._id);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('insufficient_post_credits');
    expect(await visibilityOf(broker, draft._id)).toBe('draft');
    expect(await postCredits(broker)).toBe(0);
  });

  it('takes 1 post credit per publish, through the ledger', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantByLedger(t, broker, 'post_credits', 2);
    const draft = await createDraftWithPhotos(t, broker);
    const res = await publishListing(t, broker, draft._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ post_credits: 1, covered_by_plan: false, listing: { source: 'delala', visibility: 'live' } });
    expect(await postCredits(broker)).toBe(1);
    // Publishing the live listing again costs nothing.
    await publishListing(t, broker, draft._id);
    expect(await postCredits(broker)).toBe(1);
    const [entry] = await t.database.sql.query<{ delta: number; kind: string; ref_id: string }>(
      "SELECT delta, kind, ref_id FROM ledger_entries WHERE kind = 'publish' AND ref_id = $1",
      [draft._id],
    );
    expect(entry).toMatchObject({ delta: -1, kind: 'publish' });
  });

  it('has no 3-listing cap, and parallel publishes never spend more credits than there are', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantByLedger(t, broker, 'post_credits', 4);
    const drafts = [];
    for (let i = 0; i < 6; i += 1) drafts.push(await createDraftWithPhotos(t, broker, { title: `Broker ${i}` }));
    const results = await Promise.all(drafts.map((d) => publishListing(t, broker, d._id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 402, 402]);
    expect(await postCredits(broker)).toBe(0);
    expect(await myStats(broker)).toMatchObject({ delala_live: 4, landlord_live: 0 });
  });

  it('publishes free while the unlimited plan is active', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantByLedger(t, broker, 'delala_unlimited_days', 30);
    const draft = await createDraftWithPhotos(t, broker);
    const res = await publishListing(t, broker, draft._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ post_credits: 0, covered_by_plan: true });
    // After the plan ends, credits are needed again.
    t.clock.advance(31 * 86_400_000);
    const again = await logIn(t, broker.phone);
    const next = await createDraftWithPhotos(t, again);
    expect((await publishListing(t, again, next._id)).statusCode).toBe(402);
  });

  it('refuses a blocked broker with the reason (403) and spends nothing', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantByLedger(t, broker, 'post_credits', 3);
    await blockPosting(t, broker, 'Two listings hidden by moderation within 30 days');
    const draft = await createDraftWithPhotos(t, broker);
    const res = await publishListing(t, broker, draft._id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'posting_blocked', reason: 'Two listings hidden by moderation within 30 days' });
    expect(await postCredits(broker)).toBe(3);
    expect(await visibilityOf(broker, draft._id)).toBe('draft');
  });
});
