import { beforeAll, describe, expect, it } from 'vitest';
import type { TDelalaAccount, TManualAdjustment } from '@betoch/contracts/admin';
import { createDraftWithPhotos, createLiveListing, publishListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { activatePlan, balanceOf, buy, expectLedgerConsistent, grantPostCredits } from '../support/wallet.ts';
import { act, admin, call, caseOf, cases, createTrustTestApp, description, expectStatus, pendingAdjustments, report } from './trust-calls.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTrustTestApp, closeAfterLedgerCheck);
let author: SignedIn;
let reviewer: SignedIn;
let thirdAdmin: SignedIn;
beforeAll(async () => {
  author = await admin(t, 0);
  reviewer = await admin(t, 1);
  thirdAdmin = await admin(t, 2);
});

const DAY = 24 * 3600 * 1000;
let seed = 0;

async function accounts(who: SignedIn = author): Promise<TDelalaAccount[]> {
  const res = await call(t, who, 'GET', '/api/admin/payments/delala');
  expectStatus(res, 200);
  return res.json().data.items as TDelalaAccount[];
}

async function accountOf(phone: string) {
  return (await accounts()).find((a) => a.phone === phone);
}

/** A broker with `n` live listings (bought post credits), each with its own description. */
async function brokerWithListings(n: number) {
  const broker = await signUp(t, { userType: 'delala', agencyName: 'Addis Homes' });
  await grantPostCredits(t, broker, n + 1);
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1)
    ids.push((await createLiveListing(t, broker, { description: description((seed += 1)), price_etb: 10_000 + i * 1000 + seed }))._id);
  return { broker, ids };
}

/** Hides a listing the way moderators do: reported, then the hide action on its case. */
async function moderatorHides(listingId: string, moderator: SignedIn = author) {
  await report(t, await signUp(t), 'listing', listingId, 'fake');
  const open = await caseOf(t, moderator, listingId);
  await act(t, moderator, open!._id, 'hide', 'fake listing');
}

describe('broker accounts', () => {
  it('lists delala accounts with post credits, plan end and posting block, and nobody else', async () => {
    const broker = await signUp(t, { userType: 'delala', name: 'Sara', agencyName: 'Sara Realty' });
    await grantPostCredits(t, broker, 3);
    const planned = await signUp(t, { userType: 'delala' });
    const until = await activatePlan(t, planned);
    const tenant = await signUp(t);
    const list = await accounts();
    expect(list.find((a) => a.phone === broker.phone)).toEqual({
      phone: broker.phone,
      name: 'Sara',
      agency_name: 'Sara Realty',
      post_credits: 3,
      subscription_active: false,
      subscription_until: null,
      posting_blocked: false,
      posting_blocked_reason: null,
      posting_blocked_at: null,
      status: 'active',
      hidden_listings_30d: 0,
    });
    expect(list.find((a) => a.phone === planned.phone)).toMatchObject({ subscription_active: true, subscription_until: until });
    expect(list.find((a) => a.phone === tenant.phone)).toBeUndefined();
  });
});

describe('automatic posting block', () => {
  it('blocks a broker with 2 listings hidden by moderation within 30 days, with the reason; publishing answers 403 posting_blocked', async () => {
    const { broker, ids } = await brokerWithListings(3);
    await moderatorHides(ids[0]!);
    expect((await accountOf(broker.phone))?.posting_blocked).toBe(false);
    // The second hide is automatic (three reporters): it counts too.
    for (let i = 0; i < 3; i += 1) await report(t, await signUp(t), 'listing', ids[1]!);

    const account = await accountOf(broker.phone);
    expect(account).toMatchObject({ posting_blocked: true, posting_blocked_reason: '2 listings hidden by moderation within 30 days', hidden_listings_30d: 2 });
    const draft = await createDraftWithPhotos(t, broker, { description: description((seed += 1)) });
    const refused = await publishListing(t, broker, draft._id);
    expectStatus(refused, 403, 'posting_blocked');
    expect(refused.json().reason).toBe('2 listings hidden by moderation within 30 days');
    expect((await balanceOf(t, broker)).post_credits).toBe(1); // nothing was taken

    // The moderation queue shows why, as an automatic action on a case about the broker.
    const [{ id: brokerId }] = (await t.database.sql.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [broker.phone])) as [{ id: string }];
    const userCase = (await cases(t, author)).find((c) => c.target.type === 'user' && c.target.id === brokerId);
    expect(userCase?.autoActions).toEqual([{ type: 'block_posting', reason: 'hidden_listings_threshold', at: expect.any(String) }]);
    expect(userCase?.targetSummary).toMatchObject({
      phone: broker.phone,
      type: 'delala',
      posting_blocked_reason: '2 listings hidden by moderation within 30 days',
    });
  });

  it('an admin unblocks with a reason; hides before the unblock do not block again, a new one after it does not either until it makes 2', async () => {
    const { broker, ids } = await brokerWithListings(4);
    await moderatorHides(ids[0]!);
    await moderatorHides(ids[1]!);
    expect((await accountOf(broker.phone))?.posting_blocked).toBe(true);

    const res = await call(t, reviewer, 'POST', `/api/admin/payments/delala/${encodeURIComponent(broker.phone)}/unblock`, { reason: 'manual review' });
    expectStatus(res, 200);
    expect(res.json().data.account).toMatchObject({ phone: broker.phone, posting_blocked: false, posting_blocked_reason: null });
    const draft = await createDraftWithPhotos(t, broker, { description: description((seed += 1)) });
    expectStatus(await publishListing(t, broker, draft._id), 200);
    const audit = await t.database.sql.query<{ action: string; reason: string; before: unknown }>(
      "SELECT action, reason, before FROM admin_audit WHERE action = 'unblock_posting' AND target_id = (SELECT id::text FROM users WHERE phone = $1)",
      [broker.phone],
    );
    expect(audit).toEqual([
      { action: 'unblock_posting', reason: 'manual review', before: { posting_blocked_reason: '2 listings hidden by moderation within 30 days' } },
    ]);
    // The automatic block's case is closed by the unblock.
    const [{ id: brokerId }] = (await t.database.sql.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [broker.phone])) as [{ id: string }];
    expect((await cases(t, author, 'closed')).find((c) => c.target.id === brokerId)).toMatchObject({
      lastAction: 'restore',
      lastActionReason: 'manual review',
    });

    await moderatorHides(ids[2]!);
    expect((await accountOf(broker.phone))?.posting_blocked).toBe(false);
    await moderatorHides(ids[3]!);
    expect((await accountOf(broker.phone))?.posting_blocked).toBe(true);
  });

  it('hides more than 30 days apart do not block; landlords are never blocked by the rule', async () => {
    const { broker, ids } = await brokerWithListings(2);
    await moderatorHides(ids[0]!);
    t.clock.advance(31 * DAY);
    try {
      // A month later the admin signs in again (tokens last 30 days).
      const later = await admin(t, 0);
      await moderatorHides(ids[1]!, later);
      const account = (await accounts(later)).find((a) => a.phone === broker.phone);
      expect(account).toMatchObject({ posting_blocked: false, hidden_listings_30d: 1 });
    } finally {
      t.clock.advance(-31 * DAY);
    }

    const landlord = await signUp(t, { userType: 'landlord' });
    const a = await createLiveListing(t, landlord, { description: description((seed += 1)) });
    const b = await createLiveListing(t, landlord, { description: description((seed += 1)), price_etb: 12_345 });
    await moderatorHides(a._id);
    await moderatorHides(b._id);
    const [row] = await t.database.sql.query<{ posting_blocked_reason: string | null }>('SELECT posting_blocked_reason FROM users WHERE phone = $1', [
      landlord.phone,
    ]);
    expect(row?.posting_blocked_reason).toBeNull();
  });

  it('unblock: unknown phone, a non-broker and a missing reason are refused', async () => {
    const tenant = await signUp(t);
    expectStatus(await call(t, author, 'POST', '/api/admin/payments/delala/+251911999999/unblock', { reason: 'x' }), 404, 'not_found');
    expectStatus(await call(t, author, 'POST', `/api/admin/payments/delala/${tenant.phone}/unblock`, { reason: 'x' }), 404, 'not_found');
    const broker = await signUp(t, { userType: 'delala' });
    expectStatus(await call(t, author, 'POST', `/api/admin/payments/delala/${broker.phone}/unblock`, {}), 400, 'validation_error');
    // Local spelling of the phone works too; unblocking an unblocked broker changes nothing.
    const local = `0${broker.phone.slice(4)}`;
    expectStatus(await call(t, author, 'POST', `/api/admin/payments/delala/${local}/unblock`, { reason: 'manual review' }), 200);
  });
});

async function logAdjustment(by: SignedIn, payload: Record<string, unknown>): Promise<TManualAdjustment> {
  const res = await call(t, by, 'POST', '/api/admin/payments/manual-adjustments', payload);
  expectStatus(res, 201);
  return res.json().data.adjustment as TManualAdjustment;
}

function review(by: SignedIn, id: string, decision: 'approve' | 'reject', notes?: string) {
  return call(t, by, 'POST', `/api/admin/payments/manual-adjustments/${id}/${decision}`, notes === undefined ? {} : { notes });
}

describe('manual adjustments (four eyes)', () => {
  it('are logged as pending with the spec fields, listed as pending by default, and validated with the spec messages', async () => {
    const tenant = await signUp(t, { name: 'Hanna' });
    const logged = await logAdjustment(author, { phone: tenant.phone, amount: 5, reason: 'Paid by bank transfer', notes: 'ref 123' });
    expect(logged).toMatchObject({
      type: 'credit',
      amount: 5,
      subjectPhone: tenant.phone,
      subjectName: 'Hanna',
      reason: 'Paid by bank transfer',
      notes: 'ref 123',
      meta: { target: 'wallet' },
      status: 'pending',
      createdBy: author.phone,
      createdByViewer: true,
    });
    expect((await pendingAdjustments(t, reviewer)).find((a) => a._id === logged._id)).toMatchObject({ createdByViewer: false });
    expect((await balanceOf(t, tenant)).credits).toBe(0); // nothing moves before approval

    const fields = async (payload: Record<string, unknown>) => {
      const res = await call(t, author, 'POST', '/api/admin/payments/manual-adjustments', payload);
      expectStatus(res, 400);
      return res.json().fields as Record<string, string>;
    };
    expect((await fields({ amount: 1, reason: 'x' })).phone).toBe('Phone number is required');
    expect((await fields({ phone: tenant.phone, amount: 0, reason: 'x' })).amount).toBe('Amount must be at least 1');
    expect((await fields({ phone: tenant.phone, amount: 1.5, reason: 'x' })).amount).toBe('Amount must be at least 1');
    expect((await fields({ phone: tenant.phone, amount: 2, reason: ' ' })).reason).toBe('Reason is required');
    expect((await fields({ phone: tenant.phone, amount: 2, reason: 'x', type: 'gift' })).type).toBeDefined();
    expect((await fields({ phone: tenant.phone, amount: 2, reason: 'x', target: 'post_credits' })).target).toBe(
      'Post credits and posting plans exist for delala accounts only',
    );
    expectStatus(
      await call(t, author, 'POST', '/api/admin/payments/manual-adjustments', { phone: '+251911999998', amount: 2, reason: 'x' }),
      404,
      'user_not_found',
    );
    expectStatus(await call(t, author, 'POST', '/api/admin/payments/manual-adjustments', { phone: 'abc', amount: 2, reason: 'x' }), 400, 'invalid_phone');
    // A string amount from a form is read as a number.
    expect((await logAdjustment(author, { phone: tenant.phone, amount: '3', reason: 'form' })).amount).toBe(3);
  });

  it('the author can never approve or reject their own (403 self_approval_forbidden); another admin approves it through the ledger, once', async () => {
    const tenant = await signUp(t);
    const logged = await logAdjustment(author, { phone: tenant.phone, amount: 4, type: 'credit', target: 'wallet', reason: 'Support refund' });
    expectStatus(await review(author, logged._id, 'approve'), 403, 'self_approval_forbidden');
    expectStatus(await review(author, logged._id, 'reject'), 403, 'self_approval_forbidden');

    const approved = await review(reviewer, logged._id, 'approve', 'checked the receipt');
    expectStatus(approved, 200);
    expect(approved.json().data).toMatchObject({
      adjustment: { _id: logged._id, status: 'approved', reviewedBy: reviewer.phone, reviewNotes: 'checked the receipt' },
      balance: { credits: 4 },
    });
    expect((await balanceOf(t, tenant)).credits).toBe(4);
    const ledger = await t.database.sql.query<{ delta: number; kind: string; ref_type: string; ref_id: string }>(
      'SELECT delta, kind, ref_type, ref_id FROM ledger_entries WHERE user_id = (SELECT id FROM users WHERE phone = $1)',
      [tenant.phone],
    );
    expect(ledger).toEqual([{ delta: 4, kind: 'manual_adjustment', ref_type: 'manual_adjustment', ref_id: logged._id }]);

    expectStatus(await review(thirdAdmin, logged._id, 'approve'), 409, 'adjustment_not_pending');
    expectStatus(await review(thirdAdmin, logged._id, 'reject'), 409, 'adjustment_not_pending');
    expectStatus(await review(author, logged._id, 'approve'), 403, 'self_approval_forbidden');
    expect((await pendingAdjustments(t, reviewer)).map((a) => a._id)).not.toContain(logged._id);
    expect((await pendingAdjustments(t, reviewer, 'approved')).map((a) => a._id)).toContain(logged._id);
    expect((await balanceOf(t, tenant)).credits).toBe(4);
  });

  it('two admins approving the same adjustment at the same moment: applied once, the other gets 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const tenant = await signUp(t);
      const logged = await logAdjustment(author, { phone: tenant.phone, amount: 7, reason: `parallel ${round}` });
      const answers = await Promise.all([review(reviewer, logged._id, 'approve'), review(thirdAdmin, logged._id, 'approve')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json().error).toBe('adjustment_not_pending');
      expect((await balanceOf(t, tenant)).credits).toBe(7);
      const rows = await t.database.sql.query('SELECT 1 FROM ledger_entries WHERE ref_id = $1', [logged._id]);
      expect(rows).toHaveLength(1);
    }
    // An approve and a reject at once: exactly one decision.
    const tenant = await signUp(t);
    const logged = await logAdjustment(author, { phone: tenant.phone, amount: 2, reason: 'approve or reject' });
    const answers = await Promise.all([review(reviewer, logged._id, 'approve'), review(thirdAdmin, logged._id, 'reject')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const credits = (await balanceOf(t, tenant)).credits;
    expect(credits === 2 || credits === 0).toBe(true);
    await expectLedgerConsistent(t);
  });

  it('a debit below zero is refused (409 balance_would_go_negative) and stays pending; a debit within the balance applies', async () => {
    const tenant = await signUp(t);
    await buy(t, tenant, 'CREDIT_SINGLE');
    const tooMuch = await logAdjustment(author, { phone: tenant.phone, amount: 2, type: 'debit', reason: 'chargeback' });
    expectStatus(await review(reviewer, tooMuch._id, 'approve'), 409, 'balance_would_go_negative');
    expect((await pendingAdjustments(t, reviewer)).find((a) => a._id === tooMuch._id)?.status).toBe('pending');
    expect((await balanceOf(t, tenant)).credits).toBe(1);
    // Rejecting it is fine.
    expectStatus(await review(reviewer, tooMuch._id, 'reject', 'wrong amount'), 200);

    const fits = await logAdjustment(author, { phone: tenant.phone, amount: 1, type: 'debit', reason: 'chargeback' });
    expectStatus(await review(reviewer, fits._id, 'approve'), 200);
    expect((await balanceOf(t, tenant)).credits).toBe(0);
  });

  it('post credits and days of unlimited posting for a broker; a debit of days beyond the plan is refused', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    const credits = await logAdjustment(author, { phone: broker.phone, amount: 3, target: 'post_credits', reason: 'bank transfer' });
    expectStatus(await review(reviewer, credits._id, 'approve'), 200);
    expect((await balanceOf(t, broker)).post_credits).toBe(3);

    const days = await logAdjustment(author, { phone: broker.phone, amount: 10, target: 'delala_subscription', reason: 'promotion' });
    const approved = await review(reviewer, days._id, 'approve');
    expectStatus(approved, 200);
    const until = new Date((await balanceOf(t, broker)).sub_delala_unlimited_until!);
    expect(Math.round((until.getTime() - t.clock.now().getTime()) / DAY)).toBe(10);
    expect(approved.json().data.balance.sub_delala_unlimited_until).toBe(until.toISOString());
    expect(await accountOf(broker.phone)).toMatchObject({ post_credits: 3, subscription_active: true });

    const tooMany = await logAdjustment(author, { phone: broker.phone, amount: 11, type: 'debit', target: 'delala_subscription', reason: 'refund' });
    expectStatus(await review(reviewer, tooMany._id, 'approve'), 409, 'balance_would_go_negative');
    const fewer = await logAdjustment(author, { phone: broker.phone, amount: 4, type: 'debit', target: 'delala_subscription', reason: 'refund' });
    expectStatus(await review(reviewer, fewer._id, 'approve'), 200);
    const shorter = new Date((await balanceOf(t, broker)).sub_delala_unlimited_until!);
    expect(Math.round((shorter.getTime() - t.clock.now().getTime()) / DAY)).toBe(6);

    // The broker publishes for free while the plan runs.
    const draft = await createDraftWithPhotos(t, broker, { description: description((seed += 1)) });
    const published = await publishListing(t, broker, draft._id);
    expect(published.json()).toMatchObject({ covered_by_plan: true, post_credits: 3 });
  });

  it('reject moves nothing and is audited; unknown ids are 404', async () => {
    const tenant = await signUp(t);
    const logged = await logAdjustment(author, { phone: tenant.phone, amount: 9, reason: 'duplicate request' });
    const res = await review(reviewer, logged._id, 'reject');
    expectStatus(res, 200);
    expect(res.json().data.adjustment).toMatchObject({ status: 'rejected', reviewNotes: null });
    expect((await balanceOf(t, tenant)).credits).toBe(0);
    const audit = await t.database.sql.query<{ action: string }>('SELECT action FROM admin_audit WHERE target_id = $1 ORDER BY created_at', [logged._id]);
    expect(audit.map((a) => a.action)).toEqual(['adjustment_logged', 'adjustment_rejected']);
    expectStatus(await review(reviewer, '00000000-0000-4000-8000-000000000000', 'approve'), 404, 'not_found');
    expectStatus(await review(reviewer, 'abc', 'reject'), 404, 'not_found');
  });

  it('the database itself refuses a reviewer who is the author', async () => {
    const tenant = await signUp(t);
    const logged = await logAdjustment(author, { phone: tenant.phone, amount: 1, reason: 'db check' });
    await expect(
      t.database.sql.query("UPDATE manual_adjustments SET status = 'approved', reviewed_at = now(), reviewed_by = created_by WHERE id = $1", [logged._id]),
    ).rejects.toThrow();
  });
});
