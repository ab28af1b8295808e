import { describe, expect, it } from 'vitest';
import type { TFavouriteIdsAnswer, TFavouritesAnswer } from '@betoch/contracts/favourites';
import type { TMyListingsAnswer } from '@betoch/contracts/listings';
import { createListingsTestApp } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { insertListing, setListing } from '../unlocks/listing-rows.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createListingsTestApp);

const save = (who: SignedIn, id: string) => t.request({ method: 'PUT', url: `/api/favourites/${id}`, headers: who.auth });
const unsave = (who: SignedIn, id: string) => t.request({ method: 'DELETE', url: `/api/favourites/${id}`, headers: who.auth });
async function idsOf(who: SignedIn): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: '/api/favourites/ids', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as TFavouriteIdsAnswer).ids;
}
async function savedOf(who: SignedIn): Promise<TFavouritesAnswer['favourites']> {
  const res = await t.request({ method: 'GET', url: '/api/favourites', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as TFavouritesAnswer).favourites;
}

describe('favourites', () => {
  it('saving is idempotent, removing too; the ids call and the list agree, newest saved first', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const [a, b] = [await insertListing(t, owner), await insertListing(t, owner, { priceEtb: 21_000 })];
    const tenant = await signUp(t);

    expect((await save(tenant, a)).json()).toEqual({ ok: true, listing_id: a, saved: true });
    t.clock.advance(1000);
    expect((await save(tenant, b)).statusCode).toBe(200);
    expect((await save(tenant, a)).statusCode).toBe(200); // again: nothing changes, not even its date
    expect(await idsOf(tenant)).toEqual([b, a]);
    const list = await savedOf(tenant);
    expect(list.map((f) => f.listing._id)).toEqual([b, a]);
    expect(list[0]).toMatchObject({ available: true, listing: { price_etb: 21_000, subcity: 'Bole' } });

    expect((await unsave(tenant, b)).json()).toEqual({ ok: true, listing_id: b, saved: false });
    expect((await unsave(tenant, b)).json()).toEqual({ ok: true, listing_id: b, saved: false });
    expect(await idsOf(tenant)).toEqual([a]);
  });

  it('each user sees and changes only their own favourites', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const id = await insertListing(t, owner);
    const [one, other] = [await signUp(t), await signUp(t)];
    await save(one, id);
    expect(await idsOf(other)).toEqual([]);
    expect(await savedOf(other)).toEqual([]);
    // Another user's DELETE of the same listing removes only their own (absent) row.
    await unsave(other, id);
    expect(await idsOf(one)).toEqual([id]);
    // Signed out: no favourites at all.
    for (const req of [
      { method: 'GET' as const, url: '/api/favourites/ids' },
      { method: 'GET' as const, url: '/api/favourites' },
      { method: 'PUT' as const, url: `/api/favourites/${id}` },
      { method: 'DELETE' as const, url: `/api/favourites/${id}` },
    ]) {
      expect((await t.request(req)).statusCode).toBe(401);
    }
  });

  it('only a listing everyone can see can be saved; an unknown or malformed id is not found', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const draft = await insertListing(t, owner, { visibility: 'draft', publishedAt: null });
    const hidden = await insertListing(t, owner, { adminHidden: true, hiddenReason: 'scam' });
    const tenant = await signUp(t);
    expect((await save(tenant, draft)).statusCode).toBe(404);
    expect((await save(tenant, hidden)).statusCode).toBe(404);
    expect((await save(tenant, '3f0c6f52-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await save(tenant, 'not-an-id')).statusCode).toBe(404);
    expect(await idsOf(tenant)).toEqual([]);
  });

  it('a saved listing that stops being live stays saved, marked not available; it is back when live again', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const [rented, hidden, blocked] = [
      await insertListing(t, owner),
      await insertListing(t, owner),
      await insertListing(t, await signUp(t, { userType: 'landlord' })),
    ];
    const tenant = await signUp(t);
    for (const id of [rented, hidden, blocked]) await save(tenant, id);
    await setListing(t, rented, { visibility: 'draft' });
    await setListing(t, hidden, { adminHidden: true, hiddenReason: 'scam' });
    await t.database.sql.query("UPDATE listings SET poster_blocked_until = 'infinity' WHERE id = $1", [blocked]);
    const byId = new Map((await savedOf(tenant)).map((f) => [f.listing._id, f.available]));
    expect(Object.fromEntries(byId)).toEqual({ [rented]: false, [hidden]: false, [blocked]: false });

    await setListing(t, rented, { visibility: 'live' });
    expect((await savedOf(tenant)).find((f) => f.listing._id === rented)?.available).toBe(true);
    // A listing no longer visible can still be removed.
    expect((await unsave(tenant, hidden)).statusCode).toBe(200);
    expect(await idsOf(tenant)).not.toContain(hidden);
  });

  it('the saved list shows only what a public card shows (no phone, no description)', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const id = await insertListing(t, owner, { description: `Call ${owner.phone}` });
    const tenant = await signUp(t);
    await save(tenant, id);
    const res = await t.request({ method: 'GET', url: '/api/favourites', headers: tenant.auth });
    expect(res.body).not.toContain(owner.phone.slice(4));
    expect(res.body).not.toContain('description');
  });

  it('the poster sees how many people saved each listing, never who', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const [popular, quiet] = [await insertListing(t, owner), await insertListing(t, owner)];
    const savers = [await signUp(t), await signUp(t), await signUp(t)];
    for (const s of savers) await save(s, popular);
    await save(savers[0]!, popular); // twice by one person: still one
    const res = await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: owner.auth });
    const mine = (res.json() as TMyListingsAnswer).listings;
    expect(mine.find((l) => l._id === popular)?.saved_count).toBe(3);
    expect(mine.find((l) => l._id === quiet)?.saved_count).toBe(0);
    for (const s of savers) {
      expect(res.body).not.toContain(s.phone);
      expect(res.body).not.toContain(s.user.name ?? 'Test tenant');
    }
  });

  it('a deleted listing leaves the saved list', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const id = await insertListing(t, owner);
    const tenant = await signUp(t);
    await save(tenant, id);
    expect((await t.request({ method: 'DELETE', url: `/api/listings/${id}`, headers: owner.auth })).statusCode).toBe(200);
    expect(await idsOf(tenant)).toEqual([]);
  });
});
