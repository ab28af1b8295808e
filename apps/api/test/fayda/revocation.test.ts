import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveListing, signUpAdmin } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { addIdentity, createFaydaTestApp, verifyWithFayda, type FaydaTestApp } from '../support/fayda.ts';
import { downloadExport } from '../account/account-calls.ts';
import { caseOf, report } from '../trust/trust-calls.ts';
import type { TListingCaseSummary } from '@betoch/contracts/admin';

let f: FaydaTestApp;
let first: SignedIn;
let second: SignedIn;
beforeAll(async () => {
  f = await createFaydaTestApp();
  first = await signUpAdmin(f.t);
  second = await signUp(f.t, { phone: '+251900000002', name: 'Second Admin' });
});
afterAll(async () => f?.close());

const revoke = (who: SignedIn, payload: Record<string, unknown>) =>
  f.t.request({ method: 'POST', url: '/api/admin/fayda/revocations', headers: who.auth, payload });
const review = (who: SignedIn, id: string, decision: 'approve' | 'reject', notes?: string) =>
  f.t.request({ method: 'POST', url: `/api/admin/fayda/revocations/${id}/${decision}`, headers: who.auth, payload: notes ? { notes } : {} });

// The first test of the file also warms the provider and the photo pipeline: slow on a loaded machine.
describe('moderation', { timeout: 90_000 }, () => {
  it("the case of a verified poster's listing shows since when the poster is verified, and the trust score counts it", async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const listing = await createLiveListing(f.t, landlord);
    await report(f.t, await signUp(f.t), 'listing', listing._id, 'fake');
    const before = (await caseOf(f.t, first, listing._id))!.targetSummary as TListingCaseSummary;
    expect(before).not.toHaveProperty('poster_fayda_verified_at');
    expect(before.trustSignals.map((s) => s.code)).toContain('new_account');
    expect((await verifyWithFayda(f, landlord, addIdentity(f.provider))).res.statusCode).toBe(200);
    const after = (await caseOf(f.t, first, listing._id))!.targetSummary as TListingCaseSummary;
    expect(after.poster_fayda_verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(after.trustSignals.map((s) => s.code)).not.toContain('new_account');
    expect(after.trustScore).toBeGreaterThan(before.trustScore);
  });
});

describe('an admin revokes a verification, with a reason, approved by a second admin', () => {
  it('asked with a reason, refused to its author, approved by another admin: the badge goes; all audited', async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    const listing = await createLiveListing(f.t, landlord);
    expect((await verifyWithFayda(f, landlord, addIdentity(f.provider))).res.statusCode).toBe(200);

    expect((await revoke(landlord, { phone: landlord.phone, reason: 'not an admin' })).statusCode).toBe(403);
    expect((await revoke(first, { phone: landlord.phone })).statusCode).toBe(400);
    const asked = await revoke(first, { phone: landlord.phone, reason: 'Reported as a fake owner, documents forged' });
    expect(asked.statusCode, asked.body).toBe(201);
    const { _id: id, status } = asked.json().data;
    expect(status).toBe('pending');
    // One waiting revocation per account: a second request, by either admin, is refused.
    const twice = await revoke(second, { phone: landlord.phone, reason: 'Reported twice, same forged documents' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('revocation_pending');
    // Pending: still verified.
    expect((await f.t.request({ method: 'GET', url: '/api/fayda', headers: landlord.auth })).json().verification).not.toBeNull();

    // Listed as pending for both admins; only the author is told it is theirs.
    const listFor = async (who: SignedIn) => (await f.t.request({ method: 'GET', url: '/api/admin/fayda/revocations', headers: who.auth })).json().data;
    expect((await listFor(first)).pending.find((r: { _id: string }) => r._id === id)).toMatchObject({
      phone: landlord.phone,
      name: expect.any(String),
      created_by: first.phone,
      created_by_viewer: true,
      reviewed_by: null,
    });
    expect((await listFor(second)).pending.find((r: { _id: string }) => r._id === id)).toMatchObject({ created_by_viewer: false });
    expect((await f.t.request({ method: 'GET', url: '/api/admin/fayda/revocations', headers: landlord.auth })).statusCode).toBe(403);

    const self = await review(first, id, 'approve');
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('self_approval_forbidden');

    const approved = await review(second, id, 'approve', 'Checked the reports');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', phone: landlord.phone, review_notes: 'Checked the reports' });
    expect((await review(second, id, 'reject')).json().error).toBe('revocation_not_pending');
    // Decided: out of the pending list, in the decided one with who decided; the name is gone with the verification.
    const lists = await listFor(first);
    expect(lists.pending.map((r: { _id: string }) => r._id)).not.toContain(id);
    expect(lists.decided.find((r: { _id: string }) => r._id === id)).toMatchObject({
      status: 'approved',
      reviewed_by: second.phone,
      name: null,
      created_by_viewer: true,
    });

    expect((await f.t.request({ method: 'GET', url: '/api/fayda', headers: landlord.auth })).json().verification).toBeNull();
    const page = (await f.t.request({ method: 'GET', url: `/api/listings/${listing._id}` })).json().listing;
    expect(page.posted_by).not.toHaveProperty('verified');
    const filtered = (await f.t.request({ method: 'GET', url: '/api/listings?verified=1&limit=50' })).json().listings as Array<{ _id: string }>;
    expect(filtered.map((c) => c._id)).not.toContain(listing._id);

    // Revoked by two admins: the person cannot simply verify again, and is told why in the answer.
    const again = await f.t.request({ method: 'POST', url: '/api/fayda/start', headers: landlord.auth, payload: {} });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: 'fayda_revoked' });
    // Their export says the verification is gone but the identity's hash is still kept.
    const { file } = await downloadExport(f.t, landlord);
    expect(file.fayda).toBeNull();
    expect(file.summary.lines.join('\n')).toContain('your verification was removed');
    expect(file.summary.lines.join('\n')).toContain('keyed one-way hash');

    const audit = await f.t.database.sql.query<{ action: string; reason: string }>(
      "SELECT action, reason FROM admin_audit WHERE target_type = 'fayda_revocation' AND target_id = $1 ORDER BY created_at",
      [id],
    );
    expect(audit).toEqual([
      { action: 'fayda_revocation_requested', reason: 'Reported as a fake owner, documents forged' },
      { action: 'fayda_revocation_approved', reason: 'Checked the reports' },
    ]);
  });

  it('a rejected revocation leaves the verification; an unverified account cannot be revoked', async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    expect((await revoke(first, { phone: landlord.phone, reason: 'Nothing to revoke here' })).statusCode).toBe(400);
    expect((await verifyWithFayda(f, landlord, addIdentity(f.provider))).res.statusCode).toBe(200);
    const id = (await revoke(second, { phone: landlord.phone, reason: 'A mistaken report' })).json().data._id as string;
    const rejected = await review(first, id, 'reject');
    expect(rejected.json().data.status).toBe('rejected');
    expect((await f.t.request({ method: 'GET', url: '/api/fayda', headers: landlord.auth })).json().verification).not.toBeNull();
  });
});
