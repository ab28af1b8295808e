import { beforeAll, describe, expect, it } from 'vitest';
import { BATCH_UNLOCK_STATUS_MAX } from '@betoch/contracts/unlocks';
import { createTestApp } from '../support/test-app.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { activatePlan, grantCredits } from '../support/wallet.ts';
import { insertListing, insertListings, setListing } from './listing-rows.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp, closeAfterLedgerCheck);
let landlord: SignedIn;
beforeAll(async () => {
  landlord = await signUp(t, { userType: 'landlord' });
});

const status = (user: SignedIn | null, id: string) => t.request({ method: 'GET', url: `/api/listings/${id}/unlock-status`, headers: user ? user.auth : {} });
const batch = (user: SignedIn | null, ids: unknown) =>
  t.request({ method: 'POST', url: '/api/listings/batch-unlock-status', headers: user ? user.auth : {}, payload: { listing_ids: ids } });
const myUnlocks = (user: SignedIn) => t.request({ method: 'GET', url: '/api/listings/unlocked/my-unlocks', headers: user.auth });
const unlock = (user: SignedIn, id: string) => t.request({ method: 'POST', url: `/api/listings/${id}/unlock-contact`, headers: user.auth });

describe('unlock status, batch status and my unlocks', () => {
  it('never carry the phone before the unlock, and do after', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const [a, b] = await insertListings(t, landlord, 2);

    const before = [await status(tenant, a!), await status(null, a!), await batch(tenant, [a, b]), await batch(null, [a, b]), await myUnlocks(tenant)];
    for (const res of before) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain(landlord.phone);
      expect(res.body).not.toContain(landlord.phone.slice(4));
    }
    expect(before[0]!.json()).toEqual({ ok: true, is_unlocked: false });
    expect(before[2]!.json()).toEqual({ ok: true, unlocks: { [a!]: { is_unlocked: false }, [b!]: { is_unlocked: false } } });
    expect(before[4]!.json()).toEqual({ ok: true, unlocks: [] });

    expect((await unlock(tenant, a!)).statusCode).toBe(200);

    expect((await status(tenant, a!)).json()).toEqual({ ok: true, is_unlocked: true, poster_phone: landlord.phone });
    expect((await status(tenant, b!)).json()).toEqual({ ok: true, is_unlocked: false });
    expect((await batch(tenant, [a, b])).json()).toEqual({
      ok: true,
      unlocks: { [a!]: { is_unlocked: true, poster_phone: landlord.phone }, [b!]: { is_unlocked: false } },
    });
    // Nobody else gets it: another tenant and anonymous visitors still see it locked.
    const other = await signUp(t);
    for (const res of [await status(other, a!), await status(null, a!), await batch(other, [a]), await myUnlocks(other)]) {
      expect(res.body).not.toContain(landlord.phone);
    }
  });

  it('answers an id sent as __proto__ or constructor like any other unknown id', async () => {
    const [a] = await insertListings(t, landlord, 1);
    const res = await batch(null, [a, '__proto__', 'constructor', 'toString']);
    expect(res.statusCode, res.body).toBe(200);
    // The answer's record schema leaves a __proto__ key out; every other id is answered.
    const unlocks = JSON.parse(res.body).unlocks as Record<string, unknown>;
    expect(Object.keys(unlocks).sort()).toEqual([a!, 'constructor', 'toString'].sort());
    for (const id of Object.keys(unlocks)) expect(unlocks[id]).toEqual({ is_unlocked: false });
  });

  it('lists my unlocks newest first, with the listing card, phone, date and how it was paid', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const paid = await insertListing(t, landlord, { title: 'Villa in Yeka', subcity: 'Yeka', type: 'villa', priceEtb: 40000 });
    expect((await unlock(tenant, paid)).json().used_credit).toBe(true);
    t.clock.advance(60_000);
    await activatePlan(t, tenant);
    const free = await insertListing(t, landlord, { title: 'Condo in Kirkos', subcity: 'Kirkos', type: 'condo', priceEtb: 12000, photos: [] });
    expect((await unlock(tenant, free)).json().used_credit).toBe(false);

    const res = await myUnlocks(tenant);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const unlocks = res.json().unlocks;
    expect(unlocks).toHaveLength(2);
    expect(unlocks[0]).toMatchObject({
      listing: { _id: free, title: 'Condo in Kirkos', subcity: 'Kirkos', type: 'condo', price_etb: 12000, photos: [] },
      poster_phone: landlord.phone,
      used_credit: false,
    });
    expect(unlocks[1]).toMatchObject({
      listing: { _id: paid, title: 'Villa in Yeka', subcity: 'Yeka', type: 'villa', price_etb: 40000 },
      poster_phone: landlord.phone,
      used_credit: true,
    });
    expect(unlocks[1].listing.photos).toHaveLength(1);
    expect(unlocks[1].listing.photos[0].url).toMatch(/\/1280\.webp$/);
    expect(new Date(unlocks[0].unlocked_at).getTime()).toBeGreaterThan(new Date(unlocks[1].unlocked_at).getTime());
    expect(typeof unlocks[0]._id).toBe('string');
  });

  it('keeps a paid contact after the listing is marked rented, while nobody can unlock it any more', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 2);
    const id = await insertListing(t, landlord);
    await unlock(tenant, id);
    await setListing(t, id, { visibility: 'draft' });

    expect((await status(tenant, id)).json()).toEqual({ ok: true, is_unlocked: true, poster_phone: landlord.phone });
    expect((await myUnlocks(tenant)).json().unlocks.map((u: { listing: { _id: string } }) => u.listing._id)).toEqual([id]);
    expect((await unlock(tenant, id)).statusCode).toBe(404);

    const other = await signUp(t);
    await grantCredits(t, other, 1);
    expect((await status(other, id)).statusCode).toBe(404);
    expect((await unlock(other, id)).statusCode).toBe(404);
  });

  it('answers 404 for a listing the caller may not see, and not-unlocked to its poster', async () => {
    const tenant = await signUp(t);
    const draft = await insertListing(t, landlord, { visibility: 'draft', publishedAt: null });
    expect((await status(tenant, draft)).statusCode).toBe(404);
    expect((await status(null, draft)).statusCode).toBe(404);
    expect((await status(tenant, 'nope')).statusCode).toBe(404);
    expect((await status(landlord, draft)).json()).toEqual({ ok: true, is_unlocked: false });
  });

  it('answers every asked id of a batch, at most 50', async () => {
    const tenant = await signUp(t);
    const ids = await insertListings(t, landlord, 3);
    const res = await batch(tenant, [ids[0], ids[0], 'not-an-id', '5b0c8a52-7c43-4d8e-9a57-2f0f5b7c1d00']);
    expect(res.json()).toEqual({
      ok: true,
      unlocks: {
        [ids[0]!]: { is_unlocked: false },
        'not-an-id': { is_unlocked: false },
        '5b0c8a52-7c43-4d8e-9a57-2f0f5b7c1d00': { is_unlocked: false },
      },
    });
    expect((await batch(tenant, [])).json()).toEqual({ ok: true, unlocks: {} });
    const tooMany = await batch(
      tenant,
      Array.from({ length: BATCH_UNLOCK_STATUS_MAX + 1 }, (_, i) => `id-${i}`),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('validation_error');
    const fifty = await batch(
      tenant,
      Array.from({ length: BATCH_UNLOCK_STATUS_MAX }, (_, i) => `id-${i}`),
    );
    expect(Object.keys(fifty.json().unlocks)).toHaveLength(50);
    expect((await batch(tenant, 'x')).statusCode).toBe(400);
  });

  it('asks for login for my unlocks', async () => {
    const res = await t.request({ method: 'GET', url: '/api/listings/unlocked/my-unlocks' });
    expect(res.statusCode).toBe(401);
  });
});
