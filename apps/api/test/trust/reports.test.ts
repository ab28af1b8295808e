import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '@betoch/contracts/constants';
import { chat } from '../conversations/chat-calls.ts';
import { createDraftWithPhotos, createLiveListing, hideListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { act, admin, browseIds, call, caseOf, createTrustTestApp, detail, expectStatus, report, reportRaw } from './trust-calls.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTrustTestApp);
let moderator: SignedIn;
beforeAll(async () => {
  moderator = await admin(t);
});

async function liveListing(owner?: SignedIn) {
  const poster = owner ?? (await signUp(t, { userType: 'landlord' }));
  return { poster, listing: await createLiveListing(t, poster) };
}

describe('POST /reports', () => {
  it('files a report into a new open case of the listing, with the reason and trimmed details', async () => {
    const { listing } = await liveListing();
    const tenant = await signUp(t);
    const res = await reportRaw(t, tenant, 'listing', listing._id, 'scam', '  asks for a deposit by transfer  ');
    expectStatus(res, 201);
    const filed = res.json().report;
    expect(filed).toMatchObject({ targetType: 'listing', targetId: listing._id, reason: 'scam', details: 'asks for a deposit by transfer' });

    const open = await caseOf(t, moderator, listing._id);
    expect(open).toMatchObject({
      status: 'open',
      target: { type: 'listing', id: listing._id },
      reportIds: [filed._id],
      reportCount: 1,
      reports: [{ _id: filed._id, reason: 'scam', details: 'asks for a deposit by transfer' }],
      lastAction: null,
      autoActions: [],
    });
    expect(open?.targetSummary).toMatchObject({ title: listing.title, price_etb: listing.price_etb, source: 'landlord', admin_hidden: false });
  });

  it('accepts exactly the report reasons (fake, scam, wrong_price, duplicate, harassment, other); blank details are not stored', async () => {
    const reporter = await signUp(t);
    const reported: string[] = [];
    for (const reason of REPORT_REASONS) {
      const { listing: each } = await liveListing();
      expectStatus(await reportRaw(t, reporter, 'listing', each._id, reason, '   '), 201);
      const open = await caseOf(t, moderator, each._id);
      expect(open?.reports).toEqual([expect.objectContaining({ reason, details: null })]);
      reported.push(reason);
    }
    expect(reported).toEqual([...REPORT_REASONS]);

    const { listing } = await liveListing();

    for (const reason of ['spam', '', 'FAKE', null]) {
      const res = await reportRaw(t, reporter, 'listing', listing._id, reason as string);
      expectStatus(res, 400, 'validation_error');
      expect(res.json().fields).toHaveProperty('reason');
    }
    const missing = await call(t, reporter, 'POST', '/api/reports', { targetType: 'listing', targetId: listing._id });
    expectStatus(missing, 400, 'validation_error');
    expect(missing.json().fields.reason).toBe('Reason is required');
    expectStatus(await reportRaw(t, reporter, 'user', listing._id), 400, 'validation_error');
    expectStatus(await reportRaw(t, reporter, 'listing', listing._id, 'other', 'x'.repeat(1001)), 400, 'validation_error');
  });

  it('one report per reporter per target while the case is open (409 already_reported); after the case closes, a new case', async () => {
    const { listing } = await liveListing();
    const tenant = await signUp(t);
    await report(t, tenant, 'listing', listing._id);
    expectStatus(await reportRaw(t, tenant, 'listing', listing._id, 'scam'), 409, 'already_reported');
    const first = await caseOf(t, moderator, listing._id);
    expect(first?.reportCount).toBe(1);

    await act(t, moderator, first!._id, 'warn', 'checked, price is odd');
    expect(await caseOf(t, moderator, listing._id)).toBeUndefined();
    await report(t, tenant, 'listing', listing._id, 'wrong_price');
    const second = await caseOf(t, moderator, listing._id);
    expect(second?._id).not.toBe(first?._id);
    expect(second?.reports.map((r) => r.reason)).toEqual(['wrong_price']);
  });

  it('parallel reports of one reporter file one report', async () => {
    const { listing } = await liveListing();
    const tenant = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => reportRaw(t, tenant, 'listing', listing._id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await caseOf(t, moderator, listing._id))?.reportCount).toBe(1);
  });

  it("never on one's own listing (403 own_listing), and 401 without a token", async () => {
    const { poster, listing } = await liveListing();
    expectStatus(await reportRaw(t, poster, 'listing', listing._id), 403, 'own_listing');
    expectStatus(await reportRaw(t, null, 'listing', listing._id), 401, 'unauthorized');
    expect(await caseOf(t, moderator, listing._id)).toBeUndefined();
  });

  it('only what the reporter can see: drafts, hidden listings, unknown and malformed ids are 404', async () => {
    const poster = await signUp(t, { userType: 'landlord' });
    const draft = await createDraftWithPhotos(t, poster);
    const hidden = await createLiveListing(t, poster);
    await hideListing(t, hidden._id, 'moderation');
    const tenant = await signUp(t);
    for (const id of [draft._id, hidden._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expectStatus(await reportRaw(t, tenant, 'listing', id), 404, 'not_found');
    }
  });

  it('a conversation: only its two participants may report it; it is about the other participant', async () => {
    const { poster, listing } = await liveListing();
    const tenant = await signUp(t);
    const c = chat(t);
    const { conversation_id: id } = await c.start(tenant, listing._id, 'Is it still available?');
    const stranger = await signUp(t);
    expectStatus(await reportRaw(t, stranger, 'conversation', id, 'harassment'), 404, 'not_found');
    expectStatus(await reportRaw(t, tenant, 'conversation', listing._id, 'harassment'), 404, 'not_found');

    await report(t, tenant, 'conversation', id, 'harassment');
    await report(t, poster, 'conversation', id, 'harassment');
    const open = await caseOf(t, moderator, id);
    expect(open).toMatchObject({ target: { type: 'conversation', id }, reportCount: 2 });
    expect(open?.targetSummary).toMatchObject({ tenant_phone: tenant.phone, owner_phone: poster.phone, flagged: false, unlocked: false });
    // A conversation is never hidden by a report count, only by a moderator.
    const third = await signUp(t);
    expectStatus(await reportRaw(t, third, 'conversation', id), 404);
    expect(open?.autoActions).toEqual([]);
  });
});

describe('three different reporters', () => {
  it('hide the listing at once, with the automatic action recorded; it leaves browse and detail for everyone else', async () => {
    const { poster, listing } = await liveListing();
    expect(await browseIds(t)).toContain(listing._id);
    const reporters = [await signUp(t), await signUp(t), await signUp(t)];
    await report(t, reporters[0]!, 'listing', listing._id, 'fake');
    await report(t, reporters[1]!, 'listing', listing._id, 'scam');
    expect(await browseIds(t)).toContain(listing._id);
    await report(t, reporters[2]!, 'listing', listing._id, 'fake');

    expect(await browseIds(t)).not.toContain(listing._id);
    expect(await browseIds(t, '&subcity=Bole')).not.toContain(listing._id);
    expectStatus(await detail(t, null, listing._id), 404);
    expectStatus(await detail(t, reporters[0]!, listing._id), 404);
    // Its poster still sees it, marked hidden with the reason; a fourth reporter cannot see it any more.
    const own = await detail(t, poster, listing._id);
    expect(own.json().listing).toMatchObject({ admin_hidden: true, hidden_reason: 'report_threshold' });
    expectStatus(await reportRaw(t, await signUp(t), 'listing', listing._id), 404);

    const open = await caseOf(t, moderator, listing._id);
    expect(open?.status).toBe('open'); // pending review
    expect(open?.reportCount).toBe(3);
    expect(open?.autoActions).toEqual([{ type: 'hide', reason: 'report_threshold', at: expect.any(String) }]);
    expect(open?.targetSummary).toMatchObject({ admin_hidden: true, hidden_reason: 'report_threshold' });
  });

  it('reporting at the same moment still hide it once, with one automatic action', async () => {
    const { listing } = await liveListing();
    const reporters = await Promise.all([signUp(t), signUp(t), signUp(t), signUp(t)]);
    const answers = await Promise.all(reporters.slice(0, 3).map((r) => reportRaw(t, r, 'listing', listing._id)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const open = await caseOf(t, moderator, listing._id);
    expect(open?.reportCount).toBe(3);
    expect(open?.autoActions).toHaveLength(1);
    expect(await browseIds(t)).not.toContain(listing._id);
  });

  it('the same person reporting three times, or two people, do not hide it', async () => {
    const { listing } = await liveListing();
    const a = await signUp(t);
    const b = await signUp(t);
    await report(t, a, 'listing', listing._id);
    await reportRaw(t, a, 'listing', listing._id);
    await reportRaw(t, a, 'listing', listing._id);
    await report(t, b, 'listing', listing._id);
    expect(await browseIds(t)).toContain(listing._id);
    expect((await caseOf(t, moderator, listing._id))?.autoActions).toEqual([]);
  });
});
