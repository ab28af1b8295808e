import { describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from '../support/login.ts';
import { createListing, createListingsTestApp, listingPayload, setPhotos, suspendUser, uploadTestPhoto } from '../support/factories.ts';
import { useTestApp } from '../support/use-test-app.ts';
import { useSignedUp } from '../support/use-signed-up.ts';

const t = useTestApp(createListingsTestApp);
const { landlord, other, admin } = useSignedUp(t, { landlord: { userType: 'landlord', name: 'Almaz' }, other: { userType: 'landlord' }, admin: 'admin' });

function post(who: SignedIn | null, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/listings', headers: who ? who.auth : {}, payload });
}

function patch(who: SignedIn | null, id: string, payload: Record<string, unknown>) {
  return t.request({ method: 'PATCH', url: `/api/listings/${id}`, headers: who ? who.auth : {}, payload });
}

describe('POST /api/listings: drafts', () => {
  it('creates a draft for its poster, with the phone only in the poster view', async () => {
    const res = await post(landlord, listingPayload());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body._id).toBe(body.listing._id);
    expect(body.listing).toMatchObject({
      title: '2-Bedroom Apartment in Bole',
      type: 'apartment',
      price_etb: 25000,
      bedrooms: 2,
      subcity: 'Bole',
      source: 'landlord',
      visibility: 'draft',
      contact_preference: 'show',
      photos: [],
      access: 'poster',
      poster_phone: landlord.phone,
      admin_hidden: false,
      posted_by: { name: 'Almaz', agency_name: null, is_broker: false },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("takes the source from the poster's type, never from the payload", async () => {
    const broker = await signUp(t, { userType: 'delala', agencyName: 'Sheger Realty', name: 'Tigist' });
    const asBroker = await post(broker, listingPayload({ source: 'landlord' }));
    expect(asBroker.json().listing).toMatchObject({
      source: 'delala',
      posted_by: { name: 'Tigist', agency_name: 'Sheger Realty', is_broker: true },
    });
    const asLandlord = await post(landlord, listingPayload({ source: 'delala' }));
    expect(asLandlord.json().listing.source).toBe('landlord');
  });

  it('ignores fields the poster may not set: visibility, poster phone, moderation flags', async () => {
    const res = await post(landlord, listingPayload({ visibility: 'live', poster_phone: '+251911999999', admin_hidden: true, published_at: '2020-01-01' }));
    expect(res.json().listing).toMatchObject({ visibility: 'draft', poster_phone: landlord.phone, admin_hidden: false, published_at: null });
  });

  it('makes a tenant who posts a landlord', async () => {
    const tenant = await signUp(t, { userType: 'tenant' });
    const res = await post(tenant, listingPayload());
    expect(res.statusCode).toBe(201);
    expect(res.json().listing.source).toBe('landlord');
    const me = await t.request({ method: 'GET', url: '/api/auth/me', headers: tenant.auth });
    expect(me.json()).toMatchObject({ userType: 'landlord', roles: ['landlord'] });
  });

  it("answers the draft form's messages per field", async () => {
    const res = await post(landlord, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ok: false,
      error: 'validation_error',
      fields: {
        title: 'Title is required',
        description: 'Description is required',
        type: 'Property type is required',
        price_etb: 'Price must be a valid positive number',
        subcity: 'Subcity is required',
      },
    });
    const wrong = await post(landlord, listingPayload({ title: '  ', type: 'castle', price_etb: -5, bedrooms: 21, subcity: 'Mars' }));
    expect(wrong.json().fields).toEqual({
      title: 'Title is required',
      type: 'Property type is required',
      price_etb: 'Price must be a valid positive number',
      bedrooms: 'Bedrooms must be between 1 and 20',
      subcity: 'Subcity is required',
    });
    const notNumber = await post(landlord, listingPayload({ price_etb: 'a lot' }));
    expect(notNumber.json().fields).toEqual({ price_etb: 'Price must be a valid positive number' });
  });

  it('normalises the subcity and accepts form strings; 0 bedrooms is a studio', async () => {
    const res = await post(landlord, listingPayload({ subcity: 'Nifas Silk-Lafto', price_etb: '12,500', bedrooms: '0', bathrooms: '', area_sqm: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().listing).toMatchObject({ subcity: 'Nefas Silk-Lafto', price_etb: 12500, bedrooms: 0, bathrooms: null, area_sqm: null });
  });

  it('needs a signed-in user who is not suspended', async () => {
    expect((await post(null, listingPayload())).statusCode).toBe(401);
    const suspended = await signUp(t, { userType: 'landlord' });
    await suspendUser(t, suspended, new Date(t.clock.now().getTime() + 7 * 86_400_000));
    const res = await post(suspended, listingPayload());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_suspended');
  });
});

describe('PATCH /api/listings/{id}', () => {
  it('lets the poster edit fields and answers the updated listing', async () => {
    const listing = await createListing(t, landlord);
    const res = await patch(landlord, listing._id, { title: 'Renovated 2-Bedroom', price_etb: 27000, subcity: 'kirkos', bedrooms: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().listing).toMatchObject({
      title: 'Renovated 2-Bedroom',
      price_etb: 27000,
      subcity: 'Kirkos',
      bedrooms: null,
      description: listing.description,
    });
    const invalid = await patch(landlord, listing._id, { price_etb: 0 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ price_etb: 'Price must be a valid positive number' });
  });

  it("answers 404 to anyone else's edit and changes nothing; an admin may edit", async () => {
    const listing = await createListing(t, landlord);
    const res = await patch(other, listing._id, { title: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
    const byAdmin = await patch(admin, listing._id, { title: 'Fixed by support' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().listing).toMatchObject({ title: 'Fixed by support', access: 'admin', poster_phone: landlord.phone });
    const mine = await t.request({ method: 'GET', url: `/api/listings/${listing._id}`, headers: landlord.auth });
    expect(mine.json().listing.title).toBe('Fixed by support');
  });

  it('keeps the photo order it is given (first is primary) and accepts photo objects', async () => {
    const listing = await createListing(t, landlord);
    const a = await uploadTestPhoto(t, landlord);
    const b = await uploadTestPhoto(t, landlord);
    const c = await uploadTestPhoto(t, landlord);
    const res = await setPhotos(t, landlord, listing._id, [c.key, a.key, b.key]);
    expect(res.statusCode).toBe(200);
    expect(res.json().listing.photos.map((p: { key: string }) => p.key)).toEqual([c.key, a.key, b.key]);
    expect(res.json().listing.photos[0]).toMatchObject({ url: c.url, width: c.width, height: c.height, sizes: c.sizes });
    const reordered = await patch(landlord, listing._id, { photos: [b, c] });
    expect(reordered.json().listing.photos.map((p: { key: string }) => p.key)).toEqual([b.key, c.key]);
  });

  it("refuses another user's upload, an unknown key, and more than 8 photos", async () => {
    const listing = await createListing(t, landlord);
    const theirs = await uploadTestPhoto(t, other);
    const notMine = await setPhotos(t, landlord, listing._id, [theirs.key]);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fields).toEqual({ photos: 'Photo not found' });
    expect((await setPhotos(t, landlord, listing._id, ['00000000-0000-0000-0000-000000000000'])).statusCode).toBe(400);
    const nine = Array.from({ length: 9 }, (_, i) => `00000000-0000-0000-0000-00000000000${i}`);
    const tooMany = await setPhotos(t, landlord, listing._id, nine);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ photos: 'At most 8 photos' });
  });

  it('does not let one upload serve two listings', async () => {
    const first = await createListing(t, landlord);
    const second = await createListing(t, landlord);
    const photo = await uploadTestPhoto(t, landlord);
    expect((await setPhotos(t, landlord, first._id, [photo.key])).statusCode).toBe(200);
    expect((await setPhotos(t, landlord, second._id, [photo.key])).statusCode).toBe(400);
  });

  it('refuses to make a draft live by PATCH (publish is the only way)', async () => {
    const listing = await createListing(t, landlord);
    const res = await patch(landlord, listing._id, { visibility: 'live' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_state');
    const again = await t.request({ method: 'GET', url: `/api/listings/${listing._id}`, headers: landlord.auth });
    expect(again.json().listing.visibility).toBe('draft');
  });

  it('answers 404 for an id that is not a listing id', async () => {
    expect((await patch(landlord, 'not-a-uuid', { title: 'x' })).statusCode).toBe(404);
    expect((await patch(landlord, '00000000-0000-0000-0000-000000000000', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/listings/{id}', () => {
  it('answers 404 to others, deletes for the poster, and the listing is gone', async () => {
    const listing = await createListing(t, landlord);
    const byOther = await t.request({ method: 'DELETE', url: `/api/listings/${listing._id}`, headers: other.auth });
    expect(byOther.statusCode).toBe(404);
    const anonymous = await t.request({ method: 'DELETE', url: `/api/listings/${listing._id}` });
    expect(anonymous.statusCode).toBe(401);
    const res = await t.request({ method: 'DELETE', url: `/api/listings/${listing._id}`, headers: landlord.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, _id: listing._id });
    const after = await t.request({ method: 'GET', url: `/api/listings/${listing._id}`, headers: landlord.auth });
    expect(after.statusCode).toBe(404);
  });

  it('lets an admin delete any listing', async () => {
    const listing = await createListing(t, landlord);
    const res = await t.request({ method: 'DELETE', url: `/api/listings/${listing._id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/listings/my-listings', () => {
  it('lists only my listings, drafts too, newest first, with the counts', async () => {
    const me = await signUp(t, { userType: 'landlord' });
    const first = await createListing(t, me, { title: 'First' });
    t.clock.advance(1000);
    const second = await createListing(t, me, { title: 'Second' });
    await createListing(t, other, { title: 'Not mine' });
    const res = await t.request({ method: 'GET', url: '/api/listings/my-listings', headers: me.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.listings.map((l: { _id: string }) => l._id)).toEqual([second._id, first._id]);
    expect(body.listings[0]).toMatchObject({ access: 'poster', poster_phone: me.phone, source: 'landlord' });
    expect(body.stats).toEqual({ landlord_live: 0, delala_live: 0, live: 0, draft: 2, total: 2, remaining_slots: 3 });
    expect((await t.request({ method: 'GET', url: '/api/listings/my-listings' })).statusCode).toBe(401);
  });
});
