import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chat } from '../conversations/chat-calls.ts';
import { banUser, createListingsTestApp, createLiveListing, signUpAdmin } from '../support/factories.ts';
import { logIn, signUp, uniquePhone, type SignedIn } from '../support/login.ts';
import { balanceOf, expectLedgerConsistent, grantCredits, userIdOf } from '../support/wallet.ts';
import { codeFor } from './account-calls.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createListingsTestApp, closeAfterLedgerCheck);
beforeAll(async () => {}, 60_000);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function deleteOwn(who: SignedIn): Promise<void> {
  const code = await codeFor(t, who, '/api/account/delete/request-code');
  const res = await t.request({ method: 'POST', url: '/api/account/delete', headers: who.auth, payload: { code } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('delete my account', () => {
  it('needs a fresh code sent to the phone: a wrong one deletes nothing', async () => {
    const who = await signUp(t, { name: 'Careful Tenant' });
    await codeFor(t, who, '/api/account/delete/request-code');
    const wrong = await t.request({ method: 'POST', url: '/api/account/delete', headers: who.auth, payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', headers: who.auth })).statusCode).toBe(200);
    const none = await t.request({ method: 'POST', url: '/api/account/delete', headers: who.auth, payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it("removes the owner's listings and photo files, erases the person, keeps the other side's thread from 'Deleted user'", async () => {
    const owner = await signUp(t, { userType: 'landlord', name: 'Leaving Landlord' });
    const tenant = await signUp(t, { name: 'Staying Tenant' });
    const listing = await createLiveListing(t, owner, { contact_preference: 'show' });
    const c = chat(t);
    const { conversation_id } = await c.start(tenant, listing._id, 'Is it still free?');
    await c.reply(owner, conversation_id, 'Yes, come on Saturday.');
    await grantCredits(t, tenant, 2);
    await grantCredits(t, owner, 1);
    const unlock = await t.request({ method: 'POST', url: `/api/listings/${listing._id}/unlock-contact`, headers: tenant.auth });
    expect(unlock.statusCode).toBe(200);
    await c.unlock(tenant, conversation_id);
    const ownerId = await userIdOf(t, owner);
    const uploadsDir = path.join(t.env.dataDir, 'uploads');
    const photoKey = listing.photos[0]!.key;
    expect(filesUnder(uploadsDir).some((f) => f.includes(photoKey))).toBe(true);
    const second = await logIn(t, owner.phone);

    await deleteOwn(owner);

    // No token of the account works any more.
    for (const s of [owner, second]) expect((await t.request({ method: 'GET', url: '/api/auth/me', headers: s.auth })).statusCode).toBe(401);
    // The listing is gone, and its photo files with it.
    expect((await t.request({ method: 'GET', url: `/api/listings/${listing._id}` })).statusCode).toBe(404);
    expect(filesUnder(uploadsDir).some((f) => f.includes(photoKey))).toBe(false);
    // The row names nobody; purchases and ledger entries stay, balanced.
    const [row] = await t.database.sql.query<{ name: string | null; email: string | null; phone: string; deleted_at: Date | null }>(
      'SELECT name, email, phone, deleted_at FROM users WHERE id = $1',
      [ownerId],
    );
    expect(row).toMatchObject({ name: null, email: null });
    expect(row!.phone).not.toContain(owner.phone.slice(4));
    expect(row!.deleted_at).not.toBeNull();
    const [kept] = await t.database.sql.query<{ purchases: number; ledger: number }>(
      'SELECT (SELECT count(*)::int FROM purchases WHERE user_id = $1) AS purchases, (SELECT count(*)::int FROM ledger_entries WHERE user_id = $1) AS ledger',
      [ownerId],
    );
    expect(kept!.purchases).toBe(1);
    expect(kept!.ledger).toBe(1);
    await expectLedgerConsistent(t);
    // The tenant still reads the thread; the other side reads as 'Deleted user' (no name, no phone).
    const thread = await c.thread(tenant, conversation_id);
    expect(thread.messages.map((msg) => msg.body_text)).toEqual(['Is it still free?', 'Yes, come on Saturday.']);
    expect(thread.conversation.participants).toMatchObject({ owner_deleted: true, owner_name: null });
    expect(JSON.stringify(thread)).not.toContain(owner.phone);
    expect((await balanceOf(t, tenant)).credits).toBe(0);
    // The log holds the deletion with its date.
    const admin = await signUpAdmin(t);
    const log = await t.request({ method: 'GET', url: '/api/admin/account-requests', headers: admin.auth });
    expect(log.json().data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'deletion', status: 'done', via: 'app', user_id: ownerId })]),
    );
  });

  it('signing up again with the same phone starts a fresh account', async () => {
    const phone = uniquePhone();
    const first = await signUp(t, { phone, name: 'First Life' });
    await grantCredits(t, first, 1);
    await deleteOwn(first);
    await t.kv.delete(`otp:cool:${phone}`);
    const again = await signUp(t, { phone, name: 'Second Life' });
    expect(again.user.name).toBe('Second Life');
    expect(again.user.wallet_credits).toBe(0);
    const old = await t.request({ method: 'GET', url: '/api/auth/me', headers: first.auth });
    expect(old.statusCode).toBe(401);
  });

  it('a banned person deleted by an admin cannot come back with the same phone (audited)', async () => {
    const admin = await signUpAdmin(t);
    const phone = uniquePhone();
    const banned = await signUp(t, { phone, name: 'Banned Person' });
    await banUser(t, banned);
    const bannedId = await userIdOf(t, banned);
    const bad = await t.request({ method: 'POST', url: '/api/admin/account-requests/deletions', headers: admin.auth, payload: { phone } });
    expect(bad.statusCode).toBe(400);
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/account-requests/deletions',
      headers: admin.auth,
      payload: { phone, reason: 'Written request by letter, identity checked at the office' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({ kind: 'deletion', via: 'admin', status: 'done' });
    const [audit] = await t.database.sql.query<{ action: string; reason: string }>(
      "SELECT action, reason FROM admin_audit WHERE subject_user_id = $1 AND action = 'delete_account'",
      [bannedId],
    );
    expect(audit?.reason).toContain('identity checked');
    // The phone is kept only as a keyed hash, and signing up with it is refused.
    const [hashes] = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM banned_phone_hashes WHERE phone_hash LIKE $1', [
      `%${phone.slice(4)}%`,
    ]);
    expect(hashes!.n).toBe(0);
    await t.kv.delete(`otp:cool:${phone}`);
    const otp = await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } });
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone, code: otp.json().code, name: 'Back Again', userType: 'tenant', acceptTerms: true },
    });
    expect(signup.statusCode).toBe(403);
    expect(signup.json().error).toBe('phone_banned');
    const login = await t.request({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone, code: otp.json().code } });
    expect(login.json().error).toBe('user_not_found');
  });
});

describe('sign out everywhere and phone change', () => {
  it('sign out everywhere revokes every token of the account', async () => {
    const who = await signUp(t);
    const other = await logIn(t, who.phone);
    const res = await t.request({ method: 'POST', url: '/api/account/sign-out-everywhere', headers: who.auth });
    expect(res.statusCode).toBe(200);
    for (const s of [who, other]) expect((await t.request({ method: 'GET', url: '/api/auth/me', headers: s.auth })).statusCode).toBe(401);
    const back = await logIn(t, who.phone);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', headers: back.auth })).statusCode).toBe(200);
  });

  it('a new phone needs its own code; other devices are signed out, this one goes on', async () => {
    const who = await signUp(t, { name: 'Moving Phone' });
    const other = await logIn(t, who.phone);
    const taken = await signUp(t);
    const refused = await t.request({ method: 'POST', url: '/api/account/phone/request-code', headers: who.auth, payload: { phone: taken.phone } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('phone_taken');
    const fresh = uniquePhone();
    const code = await codeFor(t, who, '/api/account/phone/request-code', { phone: fresh });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/account/phone',
      headers: who.auth,
      payload: { phone: fresh, code: code === '111111' ? '222222' : '111111' },
    });
    expect(wrong.statusCode).toBe(400);
    // A code sent to the old phone does not prove the new one.
    const oldCode = (await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: who.phone } })).json().code;
    const mixed = await t.request({ method: 'POST', url: '/api/account/phone', headers: who.auth, payload: { phone: fresh, code: oldCode } });
    expect(mixed.statusCode).toBe(400);
    const moved = await t.request({ method: 'POST', url: '/api/account/phone', headers: who.auth, payload: { phone: fresh, code } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().user.phone).toBe(fresh);
    for (const s of [who, other]) expect((await t.request({ method: 'GET', url: '/api/auth/me', headers: s.auth })).statusCode).toBe(401);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${moved.json().token}` } });
    expect(me.json()).toMatchObject({ phone: fresh, name: 'Moving Phone' });
    await t.kv.delete(`otp:cool:${who.phone}`);
    const oldLogin = await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: who.phone } });
    const verify = await t.request({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone: who.phone, code: oldLogin.json().code } });
    expect(verify.json().error).toBe('user_not_found');
  });

  it('the profile changes, a broker keeps an agency name, and sign-ins are listed without codes', async () => {
    const broker = await signUp(t, { userType: 'delala', name: 'Broker', agencyName: 'First Agency' });
    const noAgency = await t.request({ method: 'PATCH', url: '/api/account', headers: broker.auth, payload: { name: 'Broker B', agencyName: '' } });
    expect(noAgency.statusCode).toBe(400);
    const ok = await t.request({
      method: 'PATCH',
      url: '/api/account',
      headers: broker.auth,
      payload: { name: 'Broker B', email: 'b@example.com', agencyName: 'Second Agency' },
    });
    expect(ok.json().user).toMatchObject({ name: 'Broker B', email: 'b@example.com', agency_name: 'Second Agency' });
    await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: broker.phone } });
    const page = await t.request({ method: 'GET', url: '/api/account', headers: { ...broker.auth } });
    expect(page.json().sign_ins).toEqual([{ at: expect.any(String), device: 'Unknown device' }]);
    expect(page.json().export).toBeNull();
  });
});
