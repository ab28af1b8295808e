import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../../src/db/schema/trust.ts';
import { ledgerEntries } from '../../src/db/schema/wallet.ts';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { activatePlan, balanceOf, expectLedgerConsistent, grantCredits, userIdOf } from '../support/wallet.ts';
import { act, admin, caseOf, createTrustTestApp, report } from '../trust/trust-calls.ts';
import { insertListing } from '../unlocks/listing-rows.ts';
import { expireListing } from '../../src/modules/freshness/freshness.service.ts';
import { adminClaims, claim, DAY, HOUR, markRented, myUnlocks, review, unlockId } from './refund-calls.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTrustTestApp();
});
afterAll(async () => {
  // The ledger equals the balances through every refund of this file.
  await expectLedgerConsistent(t);
  await t.close();
});

/** A fresh landlord (so the landlord's live cap never bites) and a live listing of theirs. */
async function freshListing(): Promise<{ poster: SignedIn; listingId: string }> {
  const poster = await signUp(t, { userType: 'landlord' });
  return { poster, listingId: await insertListing(t, poster) };
}

/** A tenant with `credits` credits who unlocked the listing (1 credit). */
async function tenantWhoUnlocked(listingId: string, credits = 1): Promise<{ tenant: SignedIn; id: string }> {
  const tenant = await signUp(t);
  await grantCredits(t, tenant, credits);
  return { tenant, id: await unlockId(t, tenant, listingId) };
}

async function refundRows(tenant: SignedIn) {
  return t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, await userIdOf(t, tenant)), eq(ledgerEntries.kind, 'refund')));
}

describe('claiming a refund on /my-unlocks', () => {
  it('records a waiting claim that the tenant sees, once per unlock, and no credit moves yet', async () => {
    const { listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    const before = (await myUnlocks(t, tenant))[0]!;
    expect(before).toMatchObject({ refund_claimable: true, refund: null });
    expect(new Date(before.refund_claim_until!).getTime() - new Date(before.unlocked_at).getTime()).toBe(72 * HOUR);

    const res = await claim(t, tenant, id, 'no_answer');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ok: true, claim: { reason: 'no_answer', status: 'pending', cause: null }, credits: 0 });
    const after = (await myUnlocks(t, tenant))[0]!;
    expect(after).toMatchObject({ refund_claimable: false, refund: { status: 'pending', reason: 'no_answer' } });

    const again = await claim(t, tenant, id, 'already_rented');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('refund_already_claimed');
    expect(await refundRows(tenant)).toEqual([]);
  });

  it('refuses an unknown reason, and another tenant’s unlock as not found', async () => {
    const { listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    const bad = await claim(t, tenant, id, 'changed_my_mind');
    expect(bad.statusCode).toBe(400);
    const stranger = await signUp(t);
    const res = await claim(t, stranger, id);
    expect(res.statusCode).toBe(404);
  });

  it('is open for 72 hours after the unlock, and closed after', async () => {
    const { listingId } = await freshListing();
    const a = await tenantWhoUnlocked(listingId);
    const b = await tenantWhoUnlocked((await freshListing()).listingId);
    t.clock.advance(72 * HOUR - 60_000);
    expect((await claim(t, a.tenant, a.id)).statusCode).toBe(201);
    t.clock.advance(2 * 60_000);
    const late = await claim(t, b.tenant, b.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('refund_window_closed');
    expect((await myUnlocks(t, b.tenant))[0]).toMatchObject({ refund_claimable: false, refund: null });
  });

  it('gives a plan holder (who paid no credit) none', async () => {
    const { listingId } = await freshListing();
    const tenant = await signUp(t);
    await activatePlan(t, tenant);
    const id = await unlockId(t, tenant, listingId);
    expect((await myUnlocks(t, tenant))[0]).toMatchObject({ used_credit: false, refund_claim_until: null, refund_claimable: false });
    const res = await claim(t, tenant, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('refund_not_available');
  });
});

describe('automatic approval', () => {
  it('returns the credit when the landlord marks the listing rented within 7 days of the claim', async () => {
    const { poster, listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    expect((await claim(t, tenant, id, 'already_rented')).json().claim.status).toBe('pending');
    t.clock.advance(6 * DAY);
    const poster2 = await logIn(t, poster.phone);
    expect((await markRented(t, poster2, listingId)).statusCode).toBe(200);

    expect((await balanceOf(t, tenant)).credits).toBe(1);
    expect((await myUnlocks(t, tenant))[0]!.refund).toMatchObject({ status: 'approved', cause: 'listing_rented' });
    const rows = await refundRows(tenant);
    expect(rows.map((r) => ({ delta: r.delta, refType: r.refType, refId: r.refId, balanceAfter: r.balanceAfter }))).toEqual([
      { delta: 1, refType: 'contact_unlock', refId: id, balanceAfter: 1 },
    ]);
    // The wallet's history shows it.
    const history = await t.request({ method: 'GET', url: '/api/wallet/history', headers: tenant.auth });
    expect(history.json().entries[0]).toMatchObject({ kind: 'refund', delta: 1, account: 'credits', balance_after: 1 });
  });

  it('returns the credit when the listing expires within 7 days of the claim (freshness expiry)', async () => {
    const { listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    await claim(t, tenant, id, 'no_answer');
    t.clock.advance(3 * DAY);
    const expired = await t.ctx.db.transaction((tx) => expireListing(t.ctx.events, tx, listingId, t.clock.now(), 'unconfirmed'));
    expect(expired?.visibility).toBe('expired');
    expect((await balanceOf(t, tenant)).credits).toBe(1);
    expect((await myUnlocks(t, await logIn(t, tenant.phone)))[0]!.refund).toMatchObject({ status: 'approved', cause: 'listing_expired' });
    // A tenant who claims after it expired is approved at once, for the same cause.
    const late = await tenantWhoUnlocked((await freshListing()).listingId);
    const { listingId: gone } = await freshListing();
    const other = await tenantWhoUnlocked(gone);
    await t.ctx.db.transaction((tx) => expireListing(t.ctx.events, tx, gone, t.clock.now(), 'unconfirmed'));
    expect((await claim(t, other.tenant, other.id, 'already_rented')).json()).toMatchObject({
      claim: { status: 'approved', cause: 'listing_expired' },
      credits: 1,
    });
    expect((await claim(t, late.tenant, late.id, 'no_answer')).json().claim.status).toBe('pending');
  });

  it('leaves the claim waiting when the listing leaves the market more than 7 days after it', async () => {
    const { poster, listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    await claim(t, tenant, id, 'no_answer');
    t.clock.advance(7 * DAY + HOUR);
    await markRented(t, await logIn(t, poster.phone), listingId);
    const mine = await myUnlocks(t, await logIn(t, tenant.phone));
    expect(mine[0]!.refund).toMatchObject({ status: 'pending' });
    expect(await refundRows(tenant)).toEqual([]);
  });

  it('approves at once when the listing was already marked rented when the tenant claims', async () => {
    const { poster, listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    await markRented(t, poster, listingId);
    const res = await claim(t, tenant, id, 'already_rented');
    expect(res.json()).toMatchObject({ claim: { status: 'approved', cause: 'listing_rented' }, credits: 1 });
  });

  it('returns the credit when moderation hides the listing', async () => {
    const { listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    await claim(t, tenant, id, 'no_answer');
    const reporter = await signUp(t);
    await report(t, reporter, 'listing', listingId);
    const moderator = await admin(t, 0);
    const listingCase = await caseOf(t, moderator, listingId);
    await act(t, moderator, listingCase!._id, 'hide');
    expect((await myUnlocks(t, tenant))[0]!.refund).toMatchObject({ status: 'approved', cause: 'listing_hidden' });
    expect((await balanceOf(t, tenant)).credits).toBe(1);
  });

  it('approves both claims when a second tenant claims the same listing within 7 days, not after', async () => {
    const { listingId } = await freshListing();
    const a = await tenantWhoUnlocked(listingId);
    const b = await tenantWhoUnlocked(listingId);
    await claim(t, a.tenant, a.id);
    t.clock.advance(2 * DAY);
    const second = await claim(t, b.tenant, b.id);
    expect(second.json()).toMatchObject({ claim: { status: 'approved', cause: 'second_claim' }, credits: 1 });
    expect((await myUnlocks(t, a.tenant))[0]!.refund).toMatchObject({ status: 'approved', cause: 'second_claim' });
    expect((await balanceOf(t, a.tenant)).credits).toBe(1);

    // Another listing: the second claim comes 8 days after the first; both wait for an admin.
    const other = await freshListing();
    const c = await tenantWhoUnlocked(other.listingId);
    await claim(t, c.tenant, c.id);
    t.clock.advance(8 * DAY);
    const d = await tenantWhoUnlocked(other.listingId);
    expect((await claim(t, d.tenant, d.id)).json().claim.status).toBe('pending');
    expect((await myUnlocks(t, await logIn(t, c.tenant.phone)))[0]!.refund!.status).toBe('pending');
  });
});

describe('the admin refund queue', () => {
  it('lists waiting claims; one admin approves with a note (audited, credit back) or rejects (nothing moves)', async () => {
    const { poster, listingId } = await freshListing();
    const a = await tenantWhoUnlocked(listingId);
    const other = await freshListing();
    const b = await tenantWhoUnlocked(other.listingId);
    const claimA = (await claim(t, a.tenant, a.id, 'no_answer')).json().claim._id as string;
    const claimB = (await claim(t, b.tenant, b.id, 'no_answer')).json().claim._id as string;
    const moderator = await admin(t, 1);

    const queue = await adminClaims(t, moderator);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: claimA, tenant_phone: a.tenant.phone, poster_phone: poster.phone, status: 'pending', reason: 'no_answer' }),
      ]),
    );
    expect((await adminClaims(t, a.tenant)).statusCode).toBe(403);
    expect((await review(t, a.tenant, claimA, 'approve', 'mine')).statusCode).toBe(403);
    expect((await review(t, moderator, claimA, 'approve')).statusCode).toBe(400);
    expect((await review(t, moderator, claimA, 'approve', '   ')).statusCode).toBe(400);

    const approved = await review(t, moderator, claimA, 'approve', 'Called the number twice: no answer');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.claim).toMatchObject({
      status: 'approved',
      cause: 'admin',
      note: 'Called the number twice: no answer',
      reviewer_phone: moderator.phone,
    });
    expect((await balanceOf(t, a.tenant)).credits).toBe(1);
    expect((await review(t, moderator, claimA, 'reject', 'changed my mind')).json().error).toBe('refund_not_pending');

    const rejected = await review(t, moderator, claimB, 'reject', 'The owner answered the tenant’s message');
    expect(rejected.json().data.claim).toMatchObject({ status: 'rejected', note: 'The owner answered the tenant’s message' });
    expect((await balanceOf(t, b.tenant)).credits).toBe(0);
    expect((await myUnlocks(t, b.tenant))[0]!.refund).toMatchObject({ status: 'rejected', note: 'The owner answered the tenant’s message' });

    const audit = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.targetType, 'refund_claim'));
    expect(audit.filter((r) => r.targetId === claimA || r.targetId === claimB).map((r) => ({ action: r.action, before: r.before, after: r.after }))).toEqual(
      expect.arrayContaining([
        { action: 'refund_approved', before: { status: 'pending', credits: 0 }, after: { status: 'approved', credits: 1 } },
        { action: 'refund_rejected', before: { status: 'pending', credits: 0 }, after: { status: 'rejected', credits: 0 } },
      ]),
    );
  });
});

describe('limits, trust and moderation', () => {
  it('allows at most 3 refunds (approved or waiting) per tenant in 30 days; a rejected one does not count', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 6);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await unlockId(t, tenant, (await freshListing()).listingId));
    const mine = await myUnlocks(t, tenant);
    const claimIds: string[] = [];
    for (const id of ids.slice(0, 3)) claimIds.push((await claim(t, tenant, id)).json().claim._id);
    const fourth = await claim(t, tenant, ids[3]!);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe('refund_limit_reached');
    expect(mine).toHaveLength(5);

    await review(t, await admin(t, 2), claimIds[0]!, 'reject', 'Not dead: the owner replied');
    expect((await claim(t, tenant, ids[3]!)).statusCode).toBe(201);
    expect((await claim(t, tenant, ids[4]!)).json().error).toBe('refund_limit_reached');

    // 30 days later the old claims no longer count (a new unlock has its own 72 hours).
    t.clock.advance(30 * DAY + HOUR);
    const later = await logIn(t, tenant.phone);
    const fresh = await unlockId(t, later, (await freshListing()).listingId);
    expect((await claim(t, later, fresh)).statusCode).toBe(201);
  });

  it('counts an approved claim against the poster’s trust score', async () => {
    const { poster, listingId } = await freshListing();
    const second = await insertListing(t, poster);
    const moderator = await admin(t, 0);
    await report(t, await signUp(t), 'listing', second);
    const beforeCase = await caseOf(t, moderator, second);
    const before = beforeCase!.targetSummary as { trustScore: number; trustSignals: { code: string }[] };
    expect(before.trustSignals.map((s) => s.code)).not.toContain('poster_refunds');

    const { tenant, id } = await tenantWhoUnlocked(listingId);
    await markRented(t, poster, listingId);
    expect((await claim(t, tenant, id, 'already_rented')).json().claim.status).toBe('approved');
    const after = (await caseOf(t, moderator, second))!.targetSummary as { trustScore: number; trustSignals: { code: string; points: number }[] };
    expect(after.trustSignals).toContainEqual({ code: 'poster_refunds', points: 10 });
    expect(after.trustScore).toBe(before.trustScore - 10);
  });

  it("opens a moderation case on the poster for 'Asked for money before viewing'", async () => {
    const { poster, listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    const moderator = await admin(t, 0);
    const posterId = await userIdOf(t, poster);
    expect(await caseOf(t, moderator, posterId)).toBeUndefined();
    await claim(t, tenant, id, 'asked_for_money');
    const posterCase = await caseOf(t, moderator, posterId);
    expect(posterCase).toMatchObject({
      target: { type: 'user' },
      autoActions: [expect.objectContaining({ type: 'refund_claim', reason: 'asked_for_money_before_viewing' })],
    });
  });
});

describe('races', () => {
  it('two claims on one unlock at once: one claim, at most one refund', async () => {
    const { listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    const answers = await Promise.all([claim(t, tenant, id, 'no_answer'), claim(t, tenant, id, 'already_rented')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const mine = await myUnlocks(t, tenant);
    expect(mine[0]!.refund!.status).toBe('pending');
  });

  it('two tenants claiming the same listing at once are both refunded, once each', async () => {
    const { listingId } = await freshListing();
    const a = await tenantWhoUnlocked(listingId);
    const b = await tenantWhoUnlocked(listingId);
    const answers = await Promise.all([claim(t, a.tenant, a.id), claim(t, b.tenant, b.id)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await balanceOf(t, a.tenant)).credits).toBe(1);
    expect((await balanceOf(t, b.tenant)).credits).toBe(1);
    expect(await refundRows(a.tenant)).toHaveLength(1);
    expect(await refundRows(b.tenant)).toHaveLength(1);
  });

  it('a claim while the listing is being hidden is refunded once, whichever commits first', async () => {
    const { listingId } = await freshListing();
    const { tenant, id } = await tenantWhoUnlocked(listingId);
    const reporter = await signUp(t);
    await report(t, reporter, 'listing', listingId);
    const moderator = await admin(t, 0);
    const listingCase = await caseOf(t, moderator, listingId);
    const [claimed] = await Promise.all([claim(t, tenant, id, 'already_rented'), act(t, moderator, listingCase!._id, 'hide')]);
    expect(claimed.statusCode).toBe(201);
    expect((await myUnlocks(t, tenant))[0]!.refund).toMatchObject({ status: 'approved', cause: 'listing_hidden' });
    expect(await refundRows(tenant)).toHaveLength(1);
    expect((await balanceOf(t, tenant)).credits).toBe(1);
  });

  it('many claims at the 3-in-30-days limit at once: exactly 3 are accepted', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 6);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await unlockId(t, tenant, (await freshListing()).listingId));
    const answers = await Promise.all(ids.map((id) => claim(t, tenant, id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.json().error === 'refund_limit_reached')).toHaveLength(3);
  });
});
