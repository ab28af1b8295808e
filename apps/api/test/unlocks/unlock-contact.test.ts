import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema/wallet.ts';
import { createTestApp } from '../support/test-app.ts';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import { activatePlan, balanceOf, grantByLedger, grantCredits, userIdOf } from '../support/wallet.ts';
import { insertListing, setUserStanding } from './listing-rows.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp, closeAfterLedgerCheck);
let landlord: SignedIn;
beforeAll(async () => {
  landlord = await signUp(t, { userType: 'landlord' });
});

const DAY = 24 * 3600 * 1000;

function unlock(user: SignedIn | null, id: string) {
  return t.request({ method: 'POST', url: `/api/listings/${id}/unlock-contact`, headers: user ? user.auth : {} });
}

describe('POST /listings/{id}/unlock-contact', () => {
  it('takes one credit, answers the phone, and answers it again later at no cost', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const id = await insertListing(t, landlord);

    const first = await unlock(tenant, id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toMatchObject({ ok: true, contact: { phone: landlord.phone }, used_credit: true, already_unlocked: false, credits: 0 });
    expect((await balanceOf(t, tenant)).credits).toBe(0);

    const spend = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, await userIdOf(t, tenant)), eq(ledgerEntries.kind, 'contact_unlock')));
    expect(spend.map((r) => ({ delta: r.delta, refType: r.refType, refId: r.refId, balanceAfter: r.balanceAfter }))).toEqual([
      { delta: -1, refType: 'listing', refId: id, balanceAfter: 0 },
    ]);

    // With no credits left, the same contact is answered again, free.
    const again = await unlock(tenant, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      contact: { phone: landlord.phone },
      used_credit: false,
      already_unlocked: true,
      credits: 0,
      unlocked_at: first.json().unlocked_at,
    });
    expect((await balanceOf(t, tenant)).credits).toBe(0);
  });

  it('answers 402 insufficient_credits with no credits, and records nothing', async () => {
    const tenant = await signUp(t);
    const id = await insertListing(t, landlord);
    const res = await unlock(tenant, id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ ok: false, error: 'insufficient_credits' });
    expect(res.body).not.toContain(landlord.phone);
    const status = await t.request({ method: 'GET', url: `/api/listings/${id}/unlock-status`, headers: tenant.auth });
    expect(status.json()).toEqual({ ok: true, is_unlocked: false });
  });

  it('unlocks free with an active tenant plan, recorded with used_credit false, and charges again once it ends', async () => {
    const tenant = await signUp(t);
    await activatePlan(t, tenant);
    await grantCredits(t, tenant, 1);
    const covered = await insertListing(t, landlord);
    const res = await unlock(tenant, covered);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contact: { phone: landlord.phone }, used_credit: false, already_unlocked: false, credits: 1 });
    const mine = await t.request({ method: 'GET', url: '/api/listings/unlocked/my-unlocks', headers: tenant.auth });
    expect(mine.json().unlocks).toEqual([expect.objectContaining({ used_credit: false, poster_phone: landlord.phone })]);

    // 31 days later the plan has ended (and so has the session): the next unlock takes the credit.
    t.clock.advance(31 * DAY);
    const later = await logIn(t, tenant.phone);
    const laterLandlord = await logIn(t, landlord.phone);
    landlord = laterLandlord;
    const paid = await insertListing(t, landlord);
    const res2 = await unlock(later, paid);
    expect(res2.json()).toMatchObject({ used_credit: true, credits: 0 });
    const another = await insertListing(t, landlord);
    expect((await unlock(later, another)).statusCode).toBe(402);
  });

  it('refuses the poster their own listing, charging nothing', async () => {
    const poster = await signUp(t, { userType: 'landlord' });
    await grantCredits(t, poster, 2);
    const id = await insertListing(t, poster);
    const res = await unlock(poster, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('own_listing');
    expect((await balanceOf(t, poster)).credits).toBe(2);
  });

  it('answers 403 contact_hidden when the owner accepts messages only, charging nothing', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const id = await insertListing(t, landlord, { contactPreference: 'hide' });
    const res = await unlock(tenant, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'contact_hidden', message: 'The owner accepts messages only.' });
    expect(res.body).not.toContain(landlord.phone);
    expect((await balanceOf(t, tenant)).credits).toBe(1);

    // Also with a plan: hidden is hidden.
    await activatePlan(t, tenant);
    expect((await unlock(tenant, id)).json().error).toBe('contact_hidden');
  });

  it('answers 404 for drafts, hidden listings, listings of suspended or banned posters, and unknown ids', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 5);
    const draft = await insertListing(t, landlord, { visibility: 'draft', publishedAt: null });
    const hidden = await insertListing(t, landlord, { adminHidden: true, hiddenReason: 'report_threshold' });
    const suspendedPoster = await signUp(t, { userType: 'landlord' });
    const ofSuspended = await insertListing(t, suspendedPoster);
    await setUserStanding(t, suspendedPoster, 'suspended', new Date(t.clock.now().getTime() + 7 * DAY));
    const bannedPoster = await signUp(t, { userType: 'landlord' });
    const ofBanned = await insertListing(t, bannedPoster);
    await setUserStanding(t, bannedPoster, 'banned');

    for (const id of [draft, hidden, ofSuspended, ofBanned, '5b0c8a52-7c43-4d8e-9a57-2f0f5b7c1d00', 'not-an-id']) {
      const res = await unlock(tenant, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect((await balanceOf(t, tenant)).credits).toBe(5);

    // A suspension that has ended shows the listing again.
    await setUserStanding(t, suspendedPoster, 'suspended', new Date(t.clock.now().getTime() - 1000));
    const res = await unlock(tenant, ofSuspended);
    expect(res.statusCode).toBe(200);
    expect(res.json().contact.phone).toBe(suspendedPoster.phone);
  });

  it('refuses a suspended user, and an anonymous visitor', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const id = await insertListing(t, landlord);
    await setUserStanding(t, tenant, 'suspended', new Date(t.clock.now().getTime() + 7 * DAY));
    const res = await unlock(tenant, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_suspended');
    expect((await balanceOf(t, tenant)).credits).toBe(1);

    const anonymous = await unlock(null, id);
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a user with ledger-granted credits of any role unlock (credits are credits)', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantByLedger(t, broker, 'credits', 1);
    const id = await insertListing(t, landlord);
    const res = await unlock(broker, id);
    expect(res.json()).toMatchObject({ used_credit: true, credits: 0 });
  });
});
