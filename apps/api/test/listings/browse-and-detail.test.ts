import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoFileUrl, TINT_PATTERN } from '@betoch/contracts/card-photo';
import type { TBrowseAnswer, TListingCard } from '@betoch/contracts/listings';
import type { TPhoto } from '@betoch/contracts/uploads';
import type { TestApp } from '../support/test-app.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { banUser, createDraftWithPhotos, createListingsTestApp, createLiveListing, hideListing, suspendUser } from '../support/factories.ts';
import { grantByLedger } from '../support/wallet.ts';
import { useTestApp } from '../support/use-test-app.ts';
import { useSignedUp } from '../support/use-signed-up.ts';

const t = useTestApp(createListingsTestApp);
const { landlord, broker, tenant, admin } = useSignedUp(t, {
  landlord: { userType: 'landlord', name: 'Getachew' },
  broker: { userType: 'delala', name: 'Tigist', agencyName: 'Addis Home Finders' },
  tenant: { userType: 'tenant' },
  admin: 'admin',
});

beforeAll(async () => {
  await grantByLedger(t, broker, 'delala_unlimited_days', 365);
});

async function browse(query = ''): Promise<TListingCard[]> {
  const res = await t.request({ method: 'GET', url: `/api/listings${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().listings as TListingCard[];
}

function ids(cards: Array<{ _id: string }>): string[] {
  return cards.map((c) => c._id);
}

function getListing(id: string, who: SignedIn | null) {
  return t.request({ method: 'GET', url: `/api/listings/${id}`, headers: who ? who.auth : {} });
}

describe('who sees the poster phone', () => {
  it('is absent for anonymous visitors and other users, present for the poster and admins', async () => {
    const listing = await createLiveListing(t, landlord);
    for (const who of [null, tenant, broker]) {
      const res = await getListing(listing._id, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().listing).not.toHaveProperty('poster_phone');
      expect(res.json().listing.access).toBe('public');
      expect(res.body).not.toContain(landlord.phone);
      expect(res.body).not.toContain(landlord.phone.slice(4));
    }
    const own = await getListing(listing._id, landlord);
    expect(own.json().listing).toMatchObject({ poster_phone: landlord.phone, access: 'poster' });
    const byAdmin = await getListing(listing._id, admin);
    expect(byAdmin.json().listing).toMatchObject({ poster_phone: landlord.phone, access: 'admin' });

    const cards = await t.request({ method: 'GET', url: '/api/listings', headers: landlord.auth });
    expect(cards.body).not.toContain(landlord.phone);
    expect(cards.body).not.toContain('poster_phone');
  });

  it('shows a posted-by badge without any phone: broker agency for delala listings', async () => {
    const listing = await createLiveListing(t, broker);
    const res = await getListing(listing._id, null);
    expect(res.json().listing.posted_by).toEqual({ name: 'Tigist', agency_name: 'Addis Home Finders', is_broker: true });
    expect(res.body).not.toContain(broker.phone);
  });
});

describe('drafts and hidden listings', () => {
  it('a draft is visible by id only to its poster and admins, and never in browse', async () => {
    const draft = await createDraftWithPhotos(t, landlord);
    expect((await getListing(draft._id, null)).statusCode).toBe(404);
    expect((await getListing(draft._id, tenant)).statusCode).toBe(404);
    expect((await getListing(draft._id, landlord)).statusCode).toBe(200);
    expect((await getListing(draft._id, admin)).statusCode).toBe(200);
    expect(ids(await browse('?limit=50'))).not.toContain(draft._id);
  });

  it('a listing hidden by moderation leaves browse and public view, its poster still sees it', async () => {
    const listing = await createLiveListing(t, broker);
    expect(ids(await browse('?limit=50'))).toContain(listing._id);
    await hideListing(t, listing._id);
    expect(ids(await browse('?limit=50'))).not.toContain(listing._id);
    expect((await getListing(listing._id, null)).statusCode).toBe(404);
    const own = await getListing(listing._id, broker);
    expect(own.json().listing).toMatchObject({ admin_hidden: true, hidden_reason: 'report_threshold' });
    expect((await getListing(listing._id, admin)).statusCode).toBe(200);
  });

  it('listings of a suspended or banned poster leave browse; an ended suspension brings them back', async () => {
    const poster = await signUp(t, { userType: 'landlord' });
    const listing = await createLiveListing(t, poster);
    await suspendUser(t, poster, new Date(t.clock.now().getTime() + 3600_000));
    expect(ids(await browse('?limit=50'))).not.toContain(listing._id);
    expect((await getListing(listing._id, tenant)).statusCode).toBe(404);
    t.clock.advance(2 * 3600_000);
    expect(ids(await browse('?limit=50'))).toContain(listing._id);
    expect((await getListing(listing._id, tenant)).statusCode).toBe(200);

    const banned = await signUp(t, { userType: 'landlord' });
    const theirs = await createLiveListing(t, banned);
    await banUser(t, banned);
    expect(ids(await browse('?limit=50'))).not.toContain(theirs._id);
    expect((await getListing(theirs._id, null)).statusCode).toBe(404);
    expect((await getListing(theirs._id, admin)).statusCode).toBe(200);
  });

  it('answers 404 for ids that are not listing ids', async () => {
    expect((await getListing('abc', null)).statusCode).toBe(404);
    expect((await getListing('00000000-0000-0000-0000-000000000000', null)).json()).toMatchObject({ ok: false, error: 'not_found' });
  });
});

describe('GET /api/listings: browse', () => {
  let fresh: TestApp;
  let poster: SignedIn;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    fresh = await createListingsTestApp();
    poster = await signUp(fresh, { userType: 'delala', agencyName: 'Sheger Realty' });
    await grantByLedger(fresh, poster, 'delala_unlimited_days', 365);
    const landlordHere = await signUp(fresh, { userType: 'landlord' });
    const specs: Array<[string, SignedIn, Record<string, unknown>]> = [
      ['boleApartment', poster, { type: 'apartment', subcity: 'Bole', price_etb: 30000 }],
      ['boleVilla', poster, { type: 'villa', subcity: 'Bole', price_etb: 120000, bedrooms: 5 }],
      ['kirkosStudio', poster, { type: 'studio', subcity: 'Kirkos', price_etb: 9000, bedrooms: 0 }],
      ['lafto', landlordHere, { type: 'condominium', subcity: 'Nifas Silk-Lafto', price_etb: 15000 }],
      ['akakyCondo', landlordHere, { type: 'condo', subcity: 'Akaky Kaliti', price_etb: 8000 }],
      ['yekaHouse', landlordHere, { type: 'house', subcity: 'Yeka', price_etb: 45000 }],
    ];
    for (const [name, who, overrides] of specs) {
      made[name] = (await createLiveListing(fresh, who, { title: name, ...overrides }))._id;
      fresh.clock.advance(1000);
    }
  });
  afterAll(async () => {
    await fresh.close();
  });

  async function browseFresh(query = ''): Promise<{ listings: TListingCard[]; next_cursor: string | null }> {
    const res = await fresh.request({ method: 'GET', url: `/api/listings${query}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('answers small cards, newest first: primary photo only, no description, no phone', async () => {
    const { listings } = await browseFresh();
    expect(ids(listings)).toEqual([made.yekaHouse, made.akakyCondo, made.lafto, made.kirkosStudio, made.boleVilla, made.boleApartment]);
    const card = listings[0]!;
    expect(card).not.toHaveProperty('description');
    expect(card).not.toHaveProperty('poster_phone');
    expect(card.photos).toHaveLength(1);
    expect(card.photo_count).toBe(1);
    expect(card).toMatchObject({ type: 'house', subcity: 'Yeka', price_etb: 45000, source: 'landlord' });
  });

  it("gives each card's photo as its key, widths and tint: the URLs built from them are the listing's own files", async () => {
    const { listings } = await browseFresh();
    for (const card of listings) {
      const photo = card.photos[0]!;
      expect(photo.tint).toMatch(TINT_PATTERN);
      const full = (await fresh.request({ method: 'GET', url: `/api/listings/${card._id}` })).json().listing.photos[0] as TPhoto;
      expect(photo.widths.map((w) => photoFileUrl(photo.key, w))).toEqual(full.sizes.map((s) => s.url));
      expect([photo.key, photo.width, photo.height]).toEqual([full.key, full.width, full.height]);
      const file = await fresh.request({ method: 'GET', url: photoFileUrl(photo.key, photo.widths[0]!) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
  });

  it('leaves out facts that were not given instead of sending null', async () => {
    const res = await fresh.request({ method: 'GET', url: '/api/listings' });
    expect(res.body).not.toContain('null,');
    const house = (res.json() as TBrowseAnswer).listings.find((c) => c._id === made.yekaHouse)!;
    // Made with the factory's bedrooms, bathrooms, area and place; none left out there.
    expect(house).toMatchObject({ bedrooms: 2, bathrooms: 1, area_sqm: 85, specific_location: 'Bole Atlas' });
    await fresh.database.sql.query('UPDATE listings SET bedrooms = NULL, area_sqm = NULL, specific_location = NULL WHERE id = $1', [made.yekaHouse]);
    const bare = (await browseFresh()).listings.find((c) => c._id === made.yekaHouse)!;
    expect(bare).not.toHaveProperty('bedrooms');
    expect(bare).not.toHaveProperty('area_sqm');
    expect(bare).not.toHaveProperty('specific_location');
    expect(bare).toMatchObject({ bathrooms: 1 });
  });

  it('filters by type, subcity (any spelling), price range and source', async () => {
    expect(ids((await browseFresh('?type=villa')).listings)).toEqual([made.boleVilla]);
    expect(ids((await browseFresh('?subcity=Bole')).listings)).toEqual([made.boleVilla, made.boleApartment]);
    expect(ids((await browseFresh('?subcity=Nifas%20Silk-Lafto')).listings)).toEqual([made.lafto]);
    expect(ids((await browseFresh('?price_min=9000&price_max=30000')).listings)).toEqual([made.lafto, made.kirkosStudio, made.boleApartment]);
    expect(ids((await browseFresh('?source=delala')).listings)).toEqual([made.kirkosStudio, made.boleVilla, made.boleApartment]);
    expect(ids((await browseFresh('?source=landlord&subcity=Yeka')).listings)).toEqual([made.yekaHouse]);
    expect(ids((await browseFresh('?visibility=live&type=apartment&subcity=Bole&price_max=50000&source=delala')).listings)).toEqual([made.boleApartment]);
    // Condo and condominium are the same kind of home to a tenant.
    expect(ids((await browseFresh('?type=condo')).listings)).toEqual([made.akakyCondo, made.lafto]);
    // Empty values are ignored, as the client omits undefined ones.
    expect((await browseFresh('?type=&subcity=&price_min=')).listings).toHaveLength(6);
  });

  it('refuses filter values outside the lists', async () => {
    const res = await fresh.request({ method: 'GET', url: '/api/listings?type=castle' });
    expect(res.statusCode).toBe(400);
    expect((await fresh.request({ method: 'GET', url: '/api/listings?visibility=draft' })).statusCode).toBe(400);
    expect((await fresh.request({ method: 'GET', url: '/api/listings?cursor=garbage' })).statusCode).toBe(400);
  });

  it('pages with limit and next_cursor without repeating a listing', async () => {
    const first = await browseFresh('?limit=4');
    expect(first.listings).toHaveLength(4);
    expect(first.next_cursor).not.toBeNull();
    const second = await browseFresh(`?limit=4&cursor=${first.next_cursor}`);
    expect(ids(second.listings)).toEqual([made.boleVilla, made.boleApartment]);
    expect(second.next_cursor).toBeNull();
  });

  it('defaults to 20 and caps limit at 50', async () => {
    // Copies of one live listing, straight into the table, to have more than 50.
    await fresh.database.sql.query(
      `INSERT INTO listings (poster_id, title, description, type, price_etb, subcity, source, visibility, photos, published_at)
       SELECT poster_id, title || ' #' || n, description, type, price_etb, subcity, source, 'live', photos, published_at - (n || ' minutes')::interval
       FROM listings, generate_series(1, 55) AS n WHERE id = $1`,
      [made.boleApartment],
    );
    expect((await browseFresh()).listings).toHaveLength(20);
    expect((await browseFresh('?limit=100')).listings).toHaveLength(50);
    expect((await browseFresh('?limit=7')).listings).toHaveLength(7);
    expect((await fresh.request({ method: 'GET', url: '/api/listings?limit=0' })).statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('lists the listing calls from their contracts', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs' })).json();
    for (const path of ['/api/listings', '/api/listings/{id}', '/api/listings/{id}/publish', '/api/listings/my-listings', '/api/uploads']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(Object.keys(doc.paths['/api/listings/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
  });
});
