import { beforeAll, describe, expect, it } from 'vitest';
import { createListingsTestApp, createDraftWithPhotos, createLiveListing, listingPayload, signUpAdmin } from '../support/factories.ts';
import { signUp, uniquePhone, type SignedIn } from '../support/login.ts';
import { balanceOf, grantCredits, userIdOf } from '../support/wallet.ts';
import { chat } from '../conversations/chat-calls.ts';
import { allRoutes } from './route-calls.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';
import { useSignedUp } from '../support/use-signed-up.ts';

/**
 * Authorization per object and per field: nobody reads or changes another
 * user's listing, conversation, unlocks, wallet or reports, and fields a caller may not set
 * (roles, admin flags, balances, source, poster phone, hidden flags, visibility, owner ids) have
 * no effect when sent, also smuggled through __proto__ / constructor keys.
 */
const t = useTestApp(createListingsTestApp, closeAfterLedgerCheck);
const { owner, other, tenant, stranger } = useSignedUp(t, {
  owner: { userType: 'landlord', name: 'Owner' },
  other: { userType: 'landlord', name: 'Other owner' },
  tenant: { name: 'Tenant' },
  stranger: { name: 'Stranger' },
});
let live: string;
let draft: string;
let conversation: string;

beforeAll(async () => {
  live = (await createLiveListing(t, owner, { title: 'Owner live flat' }))._id;
  draft = (await createDraftWithPhotos(t, owner, { title: 'Owner draft' }))._id;
  conversation = (await chat(t).start(tenant, live, 'Hello owner')).conversation_id;
  await chat(t).reply(owner, conversation, 'Private owner words');
}, 60_000);

const get = (who: SignedIn | null, url: string) => t.request({ method: 'GET', url, headers: who ? who.auth : {} });
const send = (who: SignedIn | null, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.request({ method, url, headers: who ? who.auth : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe("nobody reads or changes another user's things (404, and nothing changes)", () => {
  it('listings: another owner can neither see the draft nor edit, publish or delete either listing', async () => {
    expect((await get(other, `/api/listings/${draft}`)).statusCode).toBe(404);
    for (const id of [live, draft]) {
      expect((await send(other, 'PATCH', `/api/listings/${id}`, { title: 'Taken over', contact_preference: 'show' })).statusCode).toBe(404);
      expect((await send(other, 'POST', `/api/listings/${id}/publish`)).statusCode).toBe(404);
      expect((await send(other, 'DELETE', `/api/listings/${id}`)).statusCode).toBe(404);
    }
    const mine = (await get(owner, '/api/listings/my-listings')).json();
    const titles = JSON.stringify(mine);
    expect(titles).toContain('Owner live flat');
    expect(titles).toContain('Owner draft');
    expect(titles).not.toContain('Taken over');
    expect((await get(owner, `/api/listings/${draft}`)).json().listing.visibility).toBe('draft');
    expect(JSON.stringify((await get(other, '/api/listings/my-listings')).json())).not.toContain(live);
  });

  it('conversations: a stranger cannot read, answer, unlock or list them', async () => {
    const before = (await get(tenant, `/api/conversations/${conversation}/messages`)).json().messages.length;
    expect((await get(stranger, `/api/conversations/${conversation}/messages`)).statusCode).toBe(404);
    expect((await send(stranger, 'POST', `/api/conversations/${conversation}/reply`, { body: 'I am in' })).statusCode).toBe(404);
    expect((await send(stranger, 'POST', `/api/conversations/${conversation}/unlock-first-reply`)).statusCode).toBe(404);
    expect((await send(other, 'POST', `/api/conversations/${conversation}/reply`, { body: 'Me too' })).statusCode).toBe(404);
    expect((await get(tenant, `/api/conversations/${conversation}/messages`)).json().messages.length).toBe(before);
    expect((await get(stranger, '/api/conversations')).json().conversations).toEqual([]);
    expect((await get(stranger, `/api/conversations?listing_id=${live}`)).json().conversations).toEqual([]);
    expect((await get(stranger, '/api/conversations/unread-count')).json().count).toBe(0);
  });

  it("unlocks: one user's paid contact is not another's", async () => {
    await grantCredits(t, tenant, 1);
    const unlock = await send(tenant, 'POST', `/api/listings/${live}/unlock-contact`);
    expect(unlock.statusCode).toBe(200);
    expect((await get(stranger, '/api/listings/unlocked/my-unlocks')).json().unlocks).toEqual([]);
    expect((await get(stranger, `/api/listings/${live}/unlock-status`)).json()).toEqual({ ok: true, is_unlocked: false });
    const batch = await send(stranger, 'POST', '/api/listings/batch-unlock-status', { listing_ids: [live] });
    expect(batch.json().unlocks[live]).toEqual({ is_unlocked: false });
    expect(batch.body).not.toContain(owner.phone);
  });

  it('wallets: each caller reads and spends only their own; no call takes a user id', async () => {
    const tenantId = await userIdOf(t, tenant);
    const res = await send(stranger, 'POST', '/api/purchase', { sku: 'CREDIT_SINGLE', user_id: tenantId, userId: tenantId, phone: tenant.phone });
    expect(res.statusCode).toBe(200);
    expect((await balanceOf(t, stranger)).credits).toBe(1);
    expect((await balanceOf(t, tenant)).credits).toBe(0);
    const paramNames = allRoutes(t).flatMap((r) => [...r.url.matchAll(/\{(\w+)\}/g)].map((m) => `${r.auth} ${m[1]}`));
    // The only path parameters are object ids (checked against the caller), an admin-only phone,
    // and the token of a 'still available?' SMS link: a single-use capability for one listing,
    // kept hashed, that works without signing in (listings/freshness.test.ts).
    for (const p of paramNames) expect(['user id', 'optional id', 'admin id', 'admin phone', 'none token']).toContain(p);
  });

  it('reports: only admins read them; a report is filed as its caller, whatever the body says', async () => {
    const nonAdminReads = allRoutes(t).filter((r) => r.method === 'GET' && r.auth !== 'admin' && /report|moderation|adjust/.test(r.url));
    expect(nonAdminReads).toEqual([]);
    const res = await send(stranger, 'POST', '/api/reports', {
      targetType: 'listing',
      targetId: live,
      reason: 'fake',
      reporterId: await userIdOf(t, tenant),
      reporter_id: await userIdOf(t, tenant),
      status: 'closed',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.sql.query<{ reporter_id: string }>('SELECT reporter_id FROM reports WHERE id = $1', [res.json().report._id]);
    expect(row!.reporter_id).toBe(await userIdOf(t, stranger));
  });
});

describe('fields a caller may not set have no effect (mass assignment)', () => {
  it('sign-up: roles, admin flags, balances, status and plans in the body are ignored', async () => {
    const phone = uniquePhone();
    const code = (await send(null, 'POST', '/api/auth/request-otp', { phone })).json().code as string;
    const res = await send(null, 'POST', '/api/auth/signup', {
      phone,
      code,
      name: 'Greedy',
      userType: 'tenant',
      acceptTerms: true,
      roles: ['admin'],
      isAdmin: true,
      is_admin: true,
      wallet_credits: 500,
      credits: 500,
      post_credits: 50,
      status: 'active',
      sub_tenant_unlimited_until: '2099-01-01T00:00:00.000Z',
      tokenVersion: 0,
    });
    expect(res.statusCode).toBe(201);
    const token = { authorization: `Bearer ${res.json().token}` };
    const me = (await t.request({ method: 'GET', url: '/api/auth/me', headers: token })).json();
    expect(me.roles).not.toContain('admin');
    expect(me.wallet_credits).toBe(0);
    expect(me.sub_tenant_unlimited_until).toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/admin/metrics/daily', headers: token })).statusCode).toBe(403);
    const wallet = (await t.request({ method: 'GET', url: '/api/wallet/balance', headers: token })).json();
    expect(wallet).toMatchObject({ credits: 0, post_credits: 0, sub_tenant_unlimited_until: null });
  });

  it('__proto__ and constructor keys neither grant anything nor pollute the server', async () => {
    const phone = uniquePhone();
    const code = (await send(null, 'POST', '/api/auth/request-otp', { phone })).json().code as string;
    const raw = `{"phone":"${phone}","code":"${code}","name":"Proto","userType":"tenant","acceptTerms":true,"__proto__":{"isAdmin":true,"roles":["admin"],"wallet_credits":9},"constructor":{"prototype":{"isAdmin":true}}}`;
    const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: raw, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBeLessThan(500);
    const listing = await t.request({
      method: 'POST',
      url: '/api/listings',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(listingPayload()).replace(/^\{/, '{"__proto__":{"admin_hidden":true,"visibility":"live","source":"delala"},'),
    });
    expect(listing.statusCode).toBeLessThan(500);
    if (listing.statusCode === 201) expect(listing.json().listing).toMatchObject({ visibility: 'draft', admin_hidden: false, source: 'landlord' });
    if (res.statusCode === 201) {
      const me = (await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${res.json().token}` } })).json();
      expect(me.roles).not.toContain('admin');
      expect(me.wallet_credits).toBe(0);
    }
    const plain: Record<string, unknown> = {};
    expect(plain.isAdmin).toBeUndefined();
    expect(plain.roles).toBeUndefined();
    expect(plain.admin_hidden).toBeUndefined();
  });

  it('a new listing: source, poster phone, hidden flags, visibility, owner and id come from the server', async () => {
    const otherId = await userIdOf(t, other);
    const chosenId = '11111111-1111-4111-8111-111111111111';
    const res = await send(owner, 'POST', '/api/listings', {
      ...listingPayload({ title: 'Mass assignment draft' }),
      source: 'delala',
      poster_phone: '+251911999999',
      admin_hidden: true,
      hidden_reason: 'none',
      visibility: 'live',
      published_at: '2020-01-01T00:00:00.000Z',
      posterId: otherId,
      poster_id: otherId,
      user_id: otherId,
      _id: chosenId,
      id: chosenId,
    });
    expect(res.statusCode).toBe(201);
    const listing = res.json().listing;
    expect(listing).toMatchObject({
      source: 'landlord',
      poster_phone: owner.phone,
      admin_hidden: false,
      hidden_reason: null,
      visibility: 'draft',
      published_at: null,
    });
    expect(listing._id).not.toBe(chosenId);
    expect(JSON.stringify((await get(other, '/api/listings/my-listings')).json())).not.toContain('Mass assignment draft');
    expect(JSON.stringify((await get(owner, '/api/listings/my-listings')).json())).toContain('Mass assignment draft');
  });

  it('an edit: the same fields change nothing, and a draft never goes live by PATCH', async () => {
    const otherId = await userIdOf(t, other);
    const res = await send(owner, 'PATCH', `/api/listings/${live}`, {
      title: 'Owner live flat',
      source: 'delala',
      poster_phone: '+251911999999',
      admin_hidden: true,
      hidden_reason: 'x',
      posterId: otherId,
      poster_id: otherId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().listing).toMatchObject({ source: 'landlord', poster_phone: owner.phone, admin_hidden: false, hidden_reason: null });
    expect((await get(null, `/api/listings/${live}`)).statusCode).toBe(200);
    const toLive = await send(owner, 'PATCH', `/api/listings/${draft}`, { visibility: 'live' });
    expect(toLive.statusCode).toBe(400);
    expect((await get(null, `/api/listings/${draft}`)).statusCode).toBe(404);
  });

  it('a purchase: price, amounts and balances in the body are ignored; an unlock body changes nothing', async () => {
    const buyer = await signUp(t, { name: 'Buyer' });
    const res = await send(buyer, 'POST', '/api/purchase', {
      sku: 'CREDIT_SINGLE',
      price_etb: 1,
      amount: 1000,
      credits: 1000,
      credits_granted: 1000,
      post_credits: 50,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price_etb: 30, credits: 1, post_credits: 0, result: { credits_granted: 1 } });
    const unlock = await send(buyer, 'POST', `/api/listings/${live}/unlock-contact`, { used_credit: false, user_id: await userIdOf(t, tenant), credits: 99 });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toMatchObject({ used_credit: true, credits: 0 });
    expect((await balanceOf(t, buyer)).credits).toBe(0);
  });

  it('a manual adjustment is logged as pending by its caller, whatever status or author the body names', async () => {
    const admin = await signUpAdmin(t);
    const res = await send(admin, 'POST', '/api/admin/payments/manual-adjustments', {
      phone: stranger.phone,
      amount: 5,
      type: 'credit',
      target: 'wallet',
      reason: 'Refund',
      status: 'approved',
      createdBy: '+251900000002',
      created_by: await userIdOf(t, other),
      reviewedBy: '+251900000002',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.adjustment).toMatchObject({ status: 'pending', createdBy: admin.phone, createdByViewer: true, reviewedBy: null });
    expect((await balanceOf(t, stranger)).credits).toBe(1);
  });
});
