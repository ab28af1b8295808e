import { beforeAll, describe, expect, it } from 'vitest';
import type { TUserCaseSummary } from '@betoch/contracts/admin';
import type { ModerationAction } from '@betoch/contracts/constants';
import type { AuthUser } from '../../src/modules/auth/authenticate.ts';
import { createModerationService } from '../../src/modules/moderation/moderation.service.ts';
import { chat } from '../conversations/chat-calls.ts';
import { createDraftWithPhotos, createLiveListing, listingPayload, publishListing } from '../support/factories.ts';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import { grantCredits } from '../support/wallet.ts';
import { act, actRaw, admin, browseIds, call, caseOf, cases, createTrustTestApp, detail, expectStatus, report } from './trust-calls.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTrustTestApp);
let moderator: SignedIn;
beforeAll(async () => {
  moderator = await admin(t);
});

const DAY = 24 * 3600 * 1000;

/** A live listing of a new landlord, reported once: its open case. */
async function reportedListing(overrides: Record<string, unknown> = {}) {
  const poster = await signUp(t, { userType: 'landlord' });
  const listing = await createLiveListing(t, poster, overrides);
  const reporter = await signUp(t);
  await report(t, reporter, 'listing', listing._id, 'scam');
  const open = await caseOf(t, moderator, listing._id);
  if (!open) throw new Error('no case');
  return { poster, listing, reporter, caseId: open._id };
}

async function auditOf(caseId: string) {
  return t.database.sql.query<{ action: string; admin_phone: string | null; reason: string; before: unknown; after: unknown; created_at: Date }>(
    `SELECT a.action, u.phone AS admin_phone, a.reason, a.before, a.after, a.created_at
     FROM admin_audit a LEFT JOIN users u ON u.id = a.admin_id WHERE a.case_id = $1 ORDER BY a.created_at, a.id`,
    [caseId],
  );
}

async function userRow(phone: string) {
  const [row] = await t.database.sql.query<{ status: string; warnings: number; token_version: number; suspended_until: Date | null }>(
    'SELECT status, warnings, token_version, suspended_until FROM users WHERE phone = $1',
    [phone],
  );
  return row!;
}

describe('the case list', () => {
  it('lists open cases newest first and closed cases separately; limit at most 50; unknown status is 400', async () => {
    const a = await reportedListing();
    const b = await reportedListing();
    const open = await cases(t, moderator, 'open');
    const ids = open.map((c) => c._id);
    expect(ids.indexOf(b.caseId)).toBeLessThan(ids.indexOf(a.caseId));
    await act(t, moderator, a.caseId, 'warn', 'first warning');
    expect((await cases(t, moderator, 'open')).map((c) => c._id)).not.toContain(a.caseId);
    const closed = await cases(t, moderator, 'closed');
    expect(closed[0]).toMatchObject({ _id: a.caseId, status: 'closed', lastAction: 'warn', lastActionReason: 'first warning', lastActionBy: moderator.phone });
    expect(closed[0]?.closedAt).toEqual(expect.any(String));

    const limited = await call(t, moderator, 'GET', '/api/admin/moderation/cases?status=open&limit=1');
    expect(limited.json().data.items).toHaveLength(1);
    expectStatus(await call(t, moderator, 'GET', '/api/admin/moderation/cases?limit=51'), 400, 'validation_error');
    expectStatus(await call(t, moderator, 'GET', '/api/admin/moderation/cases?status=pending'), 400, 'validation_error');
    const byDefault = await call(t, moderator, 'GET', '/api/admin/moderation/cases');
    expect(byDefault.json().data.items.every((c: { status: string }) => c.status === 'open')).toBe(true);
  });

  it('an action validates its body and its case: unknown action or no reason 400, unknown case 404', async () => {
    const { caseId } = await reportedListing();
    expectStatus(await actRaw(t, moderator, caseId, 'delete'), 400, 'validation_error');
    expectStatus(await call(t, moderator, 'POST', `/api/admin/moderation/cases/${caseId}/actions`, { action: 'warn', reason: '  ' }), 400, 'validation_error');
    expectStatus(await actRaw(t, moderator, '00000000-0000-4000-8000-000000000000', 'warn'), 404, 'not_found');
    expectStatus(await actRaw(t, moderator, 'nope', 'warn'), 404, 'not_found');
    expect((await caseOf(t, moderator, (await reportedListing()).listing._id))?.status).toBe('open');
  });

  it('an action outside the known set that gets past the edge is an error: nothing is banned, audited or closed', async () => {
    const { poster, listing, caseId } = await reportedListing();
    const before = await userRow(poster.phone);
    const [row] = await t.database.sql.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [moderator.phone]);
    const adminUser: AuthUser = {
      id: row!.id,
      phone: moderator.phone,
      userType: 'tenant',
      roles: [],
      isAdmin: true,
      status: 'active',
      suspendedUntil: null,
      jti: 'test',
      tokenVersion: 0,
      tokenExpiresAt: new Date(Date.now() + DAY),
    };
    const service = createModerationService(t.ctx);
    await expect(service.act(adminUser, caseId, { action: 'delete' as ModerationAction, reason: 'a new action' })).rejects.toThrow(
      'Unknown moderation action: "delete"',
    );
    expect(await userRow(poster.phone)).toEqual(before);
    expect(await auditOf(caseId)).toEqual([]);
    expect((await caseOf(t, moderator, listing._id))?.status).toBe('open');
    expect(await browseIds(t)).toContain(listing._id);
  });
});

describe('warn', () => {
  it('is recorded on the poster (warnings + 1), audited with who, when, why, before and after, and closes the case', async () => {
    const { poster, caseId } = await reportedListing();
    const answered = await act(t, moderator, caseId, 'warn', 'misleading photos');
    expect(answered).toMatchObject({ status: 'closed', lastAction: 'warn', lastActionReason: 'misleading photos' });
    expect((await userRow(poster.phone)).warnings).toBe(1);
    const audit = await auditOf(caseId);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'warn', admin_phone: moderator.phone, reason: 'misleading photos', before: { warnings: 0 }, after: { warnings: 1 } }),
    ]);
    expect(audit[0]!.created_at).toBeInstanceOf(Date);
    // The warned poster's listing stays up.
    expect((await detail(t, null, answered.target.id)).statusCode).toBe(200);
  });

  it('the audit log cannot be rewritten', async () => {
    const { caseId } = await reportedListing();
    await act(t, moderator, caseId, 'warn');
    await expect(t.database.sql.query("UPDATE admin_audit SET reason = 'nothing happened' WHERE case_id = $1", [caseId])).rejects.toThrow(/append-only/);
  });
});

describe('hide and restore', () => {
  it('hide takes the listing out of browse and detail for everyone but its poster and admins; restore brings it back', async () => {
    const { poster, listing, reporter, caseId } = await reportedListing();
    await act(t, moderator, caseId, 'hide', 'fake listing');
    expect(await browseIds(t)).not.toContain(listing._id);
    expectStatus(await detail(t, null, listing._id), 404);
    expectStatus(await detail(t, reporter, listing._id), 404);
    expect((await detail(t, poster, listing._id)).json().listing).toMatchObject({ admin_hidden: true, hidden_reason: 'moderation' });
    expect((await detail(t, moderator, listing._id)).statusCode).toBe(200);
    // Nobody can message or unlock a hidden listing either.
    expectStatus(await chat(t).startRaw(reporter, listing._id, 'hello'), 404);
    expectStatus(await call(t, reporter, 'POST', `/api/listings/${listing._id}/unlock-contact`), 404);

    const restored = await act(t, moderator, caseId, 'restore', 'reviewed: genuine');
    expect(restored).toMatchObject({ lastAction: 'restore', lastActionReason: 'reviewed: genuine' });
    expect(restored.targetSummary).toMatchObject({ admin_hidden: false, hidden_reason: null });
    expect(await browseIds(t)).toContain(listing._id);
    expect((await detail(t, reporter, listing._id)).statusCode).toBe(200);
    expect((await auditOf(caseId)).map((a) => a.action)).toEqual(['hide', 'restore']);
  });

  it('restore after an automatic hide (3 reporters) brings the listing back for everyone', async () => {
    const poster = await signUp(t, { userType: 'landlord' });
    const listing = await createLiveListing(t, poster);
    for (let i = 0; i < 3; i += 1) await report(t, await signUp(t), 'listing', listing._id);
    expect(await browseIds(t)).not.toContain(listing._id);
    const open = await caseOf(t, moderator, listing._id);
    expect(open?.autoActions[0]).toMatchObject({ type: 'hide', reason: 'report_threshold' });
    await act(t, moderator, open!._id, 'restore', 'reports were a competitor');
    expect(await browseIds(t)).toContain(listing._id);
    expect((await detail(t, null, listing._id)).statusCode).toBe(200);
  });

  it('a conversation: hide takes it out of both inboxes and closes it to its participants; admins still read it; restore undoes', async () => {
    const poster = await signUp(t, { userType: 'landlord' });
    const listing = await createLiveListing(t, poster);
    const tenant = await signUp(t);
    const c = chat(t);
    const { conversation_id: id } = await c.start(tenant, listing._id, 'Hello, is it free?');
    await c.reply(poster, id, 'Yes, call me');
    await report(t, tenant, 'conversation', id, 'harassment');
    const open = await caseOf(t, moderator, id);
    await act(t, moderator, open!._id, 'hide', 'abusive messages');

    expect((await c.inbox(tenant)).map((x) => x._id)).not.toContain(id);
    expect((await c.inbox(poster)).map((x) => x._id)).not.toContain(id);
    expectStatus(await c.threadRaw(tenant, id), 404);
    expectStatus(await c.threadRaw(poster, id), 404);
    expectStatus(await c.replyRaw(poster, id, 'hello?'), 404);
    expectStatus(await c.unlockRaw(tenant, id), 404);
    expectStatus(await c.startRaw(tenant, listing._id, 'again'), 403);
    expect((await call(t, tenant, 'GET', '/api/conversations/unread-count')).json()).toMatchObject({ count: 0 });
    expect((await c.threadRaw(moderator, id)).statusCode).toBe(200);
    expect((await caseOf(t, moderator, id, 'closed'))?.targetSummary).toMatchObject({ flagged: true });

    await act(t, moderator, open!._id, 'restore', 'resolved');
    expect((await c.inbox(tenant)).map((x) => x._id)).toContain(id);
    expect((await c.threadRaw(poster, id)).statusCode).toBe(200);
    expect((await caseOf(t, moderator, id, 'closed'))?.targetSummary).toMatchObject({ flagged: false });
  });

  it('warn on a conversation case is recorded on the reported participant, not the reporter', async () => {
    const poster = await signUp(t, { userType: 'landlord' });
    const listing = await createLiveListing(t, poster);
    const tenant = await signUp(t);
    const { conversation_id: id } = await chat(t).start(tenant, listing._id, 'Hi');
    await report(t, poster, 'conversation', id, 'harassment');
    await act(t, moderator, (await caseOf(t, moderator, id))!._id, 'warn', 'rude');
    expect((await userRow(tenant.phone)).warnings).toBe(1);
    expect((await userRow(poster.phone)).warnings).toBe(0);
  });
});

describe('suspend', () => {
  it("for 7 days: no posting, messaging or unlocking, and the poster's listings leave browse; afterwards all comes back", async () => {
    const { poster, listing, caseId } = await reportedListing();
    const other = await createLiveListing(t, poster, { title: 'Second home', subcity: 'Yeka' });
    const draft = await createDraftWithPhotos(t, poster, { title: 'Third home' });
    const someoneElse = await createLiveListing(t, await signUp(t, { userType: 'landlord' }));
    await grantCredits(t, poster, 1);

    const answered = await act(t, moderator, caseId, 'suspend', 'scam attempts');
    expect(answered.targetSummary).toMatchObject({ poster_status: 'suspended' });
    const row = await userRow(poster.phone);
    expect(row.status).toBe('suspended');
    expect(new Date(row.suspended_until!).getTime() - t.clock.now().getTime()).toBeGreaterThan(7 * DAY - 60_000);

    expect(await browseIds(t)).not.toContain(listing._id);
    expect(await browseIds(t)).not.toContain(other._id);
    expectStatus(await detail(t, null, other._id), 404);
    expectStatus(await call(t, poster, 'POST', '/api/listings', listingPayload()), 403, 'account_suspended');
    expectStatus(await publishListing(t, poster, draft._id), 403, 'account_suspended');
    expectStatus(await chat(t).startRaw(poster, someoneElse._id, 'hello'), 403, 'account_suspended');
    expectStatus(await call(t, poster, 'POST', `/api/listings/${someoneElse._id}/unlock-contact`), 403, 'account_suspended');
    // They can still sign in and read.
    expect((await call(t, poster, 'GET', '/api/auth/me')).json()).toMatchObject({ status: 'suspended' });

    t.clock.advance(7 * DAY + 60_000);
    try {
      expect(await browseIds(t)).toContain(listing._id);
      expect((await publishListing(t, poster, draft._id)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(7 * DAY + 60_000));
    }
  });

  it('restore lifts a suspension this case applied', async () => {
    const { poster, listing, caseId } = await reportedListing();
    await act(t, moderator, caseId, 'suspend');
    await act(t, moderator, caseId, 'restore', 'appeal accepted');
    expect((await userRow(poster.phone)).status).toBe('active');
    expect(await browseIds(t)).toContain(listing._id);
    expect((await call(t, poster, 'POST', '/api/listings', listingPayload())).statusCode).toBe(201);
  });
});

describe('ban', () => {
  it('cuts off a live token at once, refuses sign-in and hides the listings; restore lets the user back', async () => {
    const { poster, listing, caseId } = await reportedListing();
    expect((await call(t, poster, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const before = await userRow(poster.phone);

    const answered = await act(t, moderator, caseId, 'ban', 'repeated scams');
    expect(answered.targetSummary).toMatchObject({ poster_status: 'banned' });
    expect((await userRow(poster.phone)).token_version).toBe(before.token_version + 1);
    const me = await call(t, poster, 'GET', '/api/auth/me');
    expectStatus(me, 401, 'invalid_token');
    expectStatus(await call(t, poster, 'GET', '/api/listings/my-listings'), 401);
    expect(await browseIds(t)).not.toContain(listing._id);
    expectStatus(await detail(t, null, listing._id), 404);

    await t.kv.delete(`otp:cool:${poster.phone}`);
    const otp = await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: poster.phone } });
    const verify = await t.request({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone: poster.phone, code: otp.json().code } });
    expectStatus(verify, 403, 'account_banned');
    expect((await auditOf(caseId))[0]).toMatchObject({ action: 'ban', before: { status: 'active' }, after: { status: 'banned' } });

    await act(t, moderator, caseId, 'restore', 'ban lifted on appeal');
    // The old token stays dead; signing in again works.
    expectStatus(await call(t, poster, 'GET', '/api/auth/me'), 401);
    const again = await logIn(t, poster.phone);
    expect((await call(t, again, 'GET', '/api/auth/me')).json()).toMatchObject({ status: 'active' });
    expect(await browseIds(t)).toContain(listing._id);
  });

  it('a suspension cannot replace a ban; an admin cannot act on their own account', async () => {
    const { caseId } = await reportedListing();
    await act(t, moderator, caseId, 'ban');
    expectStatus(await actRaw(t, moderator, caseId, 'suspend'), 400, 'invalid_state');

    const adminListing = await createLiveListing(t, moderator);
    await report(t, await signUp(t), 'listing', adminListing._id);
    const own = await caseOf(t, moderator, adminListing._id);
    for (const action of ['warn', 'suspend', 'ban']) expectStatus(await actRaw(t, moderator, own!._id, action), 403, 'forbidden');
    const second = await admin(t, 1);
    expect((await actRaw(t, second, own!._id, 'warn')).statusCode).toBe(200);
  });

  it('restoring another case of the same poster does not lift a ban it did not apply', async () => {
    const poster = await signUp(t, { userType: 'landlord' });
    const first = await createLiveListing(t, poster);
    const second = await createLiveListing(t, poster, { title: 'Another home' });
    await report(t, await signUp(t), 'listing', first._id);
    await report(t, await signUp(t), 'listing', second._id);
    const firstCase = (await caseOf(t, moderator, first._id))!;
    const secondCase = (await caseOf(t, moderator, second._id))!;
    await act(t, moderator, secondCase._id, 'hide', 'duplicate photos');
    await act(t, moderator, firstCase._id, 'ban', 'scammer');
    await act(t, moderator, secondCase._id, 'restore', 'photos were fine');
    expect((await userRow(poster.phone)).status).toBe('banned');
    await act(t, moderator, firstCase._id, 'restore', 'appeal');
    expect((await userRow(poster.phone)).status).toBe('active');
    expect(await browseIds(t)).toEqual(expect.arrayContaining([first._id, second._id]));
  });
});

describe('user cases', () => {
  it('hide does not apply to a person (400 invalid_state); the summary shows phone, name, type and status', async () => {
    const broker = await signUp(t, { userType: 'delala', name: 'Abebe Broker' });
    await t.database.sql.query("UPDATE users SET status = 'suspended', suspended_until = now() + interval '1 day' WHERE phone = $1", [broker.phone]);
    const [{ id }] = (await t.database.sql.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [broker.phone])) as [{ id: string }];
    const [{ id: caseId }] = (await t.database.sql.query<{ id: string }>(
      "INSERT INTO moderation_cases (target_type, target_id, subject_user_id) VALUES ('user', $1, $1) RETURNING id",
      [id],
    )) as [{ id: string }];
    const open = (await cases(t, moderator)).find((c) => c._id === caseId)!;
    expect(open.targetSummary as TUserCaseSummary).toMatchObject({ phone: broker.phone, name: 'Abebe Broker', type: 'delala', status: 'suspended' });
    expectStatus(await actRaw(t, moderator, caseId, 'hide'), 400, 'invalid_state');
    await act(t, moderator, caseId, 'restore', 'cleared');
    expect((await userRow(broker.phone)).status).toBe('active');
  });

  it('a listing that no longer exists: hide answers 404, warn still reaches its poster', async () => {
    const { poster, listing, caseId } = await reportedListing();
    await t.request({ method: 'DELETE', url: `/api/listings/${listing._id}`, headers: poster.auth });
    const open = (await cases(t, moderator)).find((c) => c._id === caseId)!;
    expect(open.targetSummary).toBeNull();
    expectStatus(await actRaw(t, moderator, caseId, 'hide'), 404, 'not_found');
    await act(t, moderator, caseId, 'warn', 'deleted after reports');
    expect((await userRow(poster.phone)).warnings).toBe(1);
  });
});

describe('a case with a draft listing', () => {
  it('keeps its draft out of sight (drafts are never public) and can still be restored', async () => {
    const { poster, listing, caseId } = await reportedListing();
    await t.request({ method: 'PATCH', url: `/api/listings/${listing._id}`, headers: poster.auth, payload: { visibility: 'draft' } });
    await act(t, moderator, caseId, 'hide');
    await act(t, moderator, caseId, 'restore');
    expectStatus(await detail(t, null, listing._id), 404);
    expect((await publishListing(t, poster, listing._id)).statusCode).toBe(200);
    expect(await browseIds(t)).toContain(listing._id);
  });
});
