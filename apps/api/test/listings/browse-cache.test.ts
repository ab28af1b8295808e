import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TBrowseAnswer, TListingAnswer } from '@betoch/contracts/listings';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { TEST_DATABASE_URL, type TestApp } from '../support/test-app.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { banUser, createDraftWithPhotos, createListingsTestApp, createLiveListing, hideListing, publishListing, signUpAdmin } from '../support/factories.ts';
import { grantByLedger } from '../support/wallet.ts';
import { useTestApp } from '../support/use-test-app.ts';

/**
 * Browse pages and public listing answers are kept in memory per listings version
 * (src/modules/listings/answer-cache.ts, listings-version.ts). Every test first asks, so the old
 * answer is in the cache, then changes something the way a user, an admin or another module
 * would, then asks again at once: the change must show on the very next call.
 */
const t = useTestApp(createListingsTestApp);
let poster: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  // A broker on the unlimited plan: as many live listings as the tests need.
  poster = await signUp(t, { userType: 'delala', name: 'Getachew', agencyName: 'Sheger Homes' });
  await grantByLedger(t, poster, 'delala_unlimited_days', 365);
  admin = await signUpAdmin(t);
});

async function browseIds(app: { request: TestApp['request'] } = t, query = '?limit=50'): Promise<string[]> {
  const res = await app.request({ method: 'GET', url: `/api/listings${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as TBrowseAnswer).listings.map((c) => c._id);
}

async function cardTitle(id: string): Promise<string | undefined> {
  const res = await t.request({ method: 'GET', url: '/api/listings?limit=50' });
  return (res.json() as TBrowseAnswer).listings.find((c) => c._id === id)?.title;
}

function detail(id: string, who: SignedIn | null = null) {
  return t.request({ method: 'GET', url: `/api/listings/${id}`, headers: who ? who.auth : {} });
}

describe('a change shows on the next call in the same process', () => {
  it('a newly published listing appears at once, in browse and by id', async () => {
    const draft = await createDraftWithPhotos(t, poster, { title: 'Fresh flat' });
    expect(await browseIds()).not.toContain(draft._id);
    expect((await detail(draft._id)).statusCode).toBe(404);
    expect((await publishListing(t, poster, draft._id)).statusCode).toBe(200);
    expect(await browseIds()).toContain(draft._id);
    expect((await detail(draft._id)).statusCode).toBe(200);
  });

  it('an edit shows at once; mark as rented and delete take it away at once', async () => {
    const listing = await createLiveListing(t, poster, { title: 'Before edit' });
    expect(await cardTitle(listing._id)).toBe('Before edit');
    expect((await detail(listing._id)).json().listing.title).toBe('Before edit');
    await t.request({ method: 'PATCH', url: `/api/listings/${listing._id}`, headers: poster.auth, payload: { title: 'After edit' } });
    expect(await cardTitle(listing._id)).toBe('After edit');
    expect((await detail(listing._id)).json().listing.title).toBe('After edit');

    await t.request({ method: 'PATCH', url: `/api/listings/${listing._id}`, headers: poster.auth, payload: { visibility: 'draft' } });
    expect(await browseIds()).not.toContain(listing._id);
    expect((await detail(listing._id)).statusCode).toBe(404);

    const other = await createLiveListing(t, poster, { title: 'To delete' });
    expect(await browseIds()).toContain(other._id);
    await t.request({ method: 'DELETE', url: `/api/listings/${other._id}`, headers: poster.auth });
    expect(await browseIds()).not.toContain(other._id);
    expect((await detail(other._id)).statusCode).toBe(404);
  });

  it('moderation hiding (a write by another module) and restoring show at once', async () => {
    const listing = await createLiveListing(t, poster);
    expect(await browseIds()).toContain(listing._id);
    expect((await detail(listing._id)).statusCode).toBe(200);
    await hideListing(t, listing._id);
    expect(await browseIds()).not.toContain(listing._id);
    expect((await detail(listing._id)).statusCode).toBe(404);
    await t.database.sql.query('UPDATE listings SET admin_hidden = false, hidden_reason = NULL WHERE id = $1', [listing._id]);
    expect(await browseIds()).toContain(listing._id);
    expect((await detail(listing._id)).statusCode).toBe(200);
  });

  it("a poster's ban takes every listing of theirs away at once; a new display name shows at once", async () => {
    const landlord = await signUp(t, { userType: 'landlord', name: 'Old Name' });
    const listing = await createLiveListing(t, landlord);
    expect((await detail(listing._id)).json().listing.posted_by.name).toBe('Old Name');
    await t.database.sql.query("UPDATE users SET name = 'New Name' WHERE phone = $1", [landlord.phone]);
    expect((await detail(listing._id)).json().listing.posted_by.name).toBe('New Name');

    expect(await browseIds()).toContain(listing._id);
    await banUser(t, landlord);
    expect(await browseIds()).not.toContain(listing._id);
    expect((await detail(listing._id)).statusCode).toBe(404);
  });

  it('the poster and admins still get their own view (with the phone) after the public one was kept', async () => {
    const listing = await createLiveListing(t, poster);
    const visitor = await detail(listing._id);
    expect(visitor.json().listing.access).toBe('public');
    expect(visitor.body).not.toContain(poster.phone);
    expect((await detail(listing._id, poster)).json().listing).toMatchObject({ access: 'poster', poster_phone: poster.phone });
    expect((await detail(listing._id, admin)).json().listing).toMatchObject({ access: 'admin', poster_phone: poster.phone });
    expect((await detail(listing._id)).body).not.toContain(poster.phone);
  });
});

describe('two app instances, each with its own caches, on one database', () => {
  let other: BuiltApp;
  beforeAll(async () => {
    other = await buildApp(t.env, { database: t.database, now: t.clock.now, logger: false });
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app.close();
  });

  it('a listing published or hidden through one shows or goes at once in the other', async () => {
    const fromOther = { request: (o: Parameters<TestApp['request']>[0]) => other.app.inject(o) };
    const draft = await createDraftWithPhotos(t, poster);
    expect(await browseIds(fromOther)).not.toContain(draft._id);
    expect((await publishListing(t, poster, draft._id)).statusCode).toBe(200);
    expect(await browseIds(fromOther)).toContain(draft._id);
    await hideListing(t, draft._id);
    expect(await browseIds(fromOther)).not.toContain(draft._id);
  });
});

describe.runIf(TEST_DATABASE_URL)('PostgreSQL: another process (its own connection pool)', () => {
  let second: { database: Database; app: BuiltApp };
  beforeAll(async () => {
    const database = await openDatabase({ url: t.databaseUrl });
    const app = await buildApp(t.env, { database, now: t.clock.now, logger: false });
    await app.app.ready();
    second = { database, app };
  });
  afterAll(async () => {
    await second.app.app.close();
    await second.database.close();
  });

  it("a listing published through the other process shows here as soon as the database's notification arrives", async () => {
    const fromSecond = { request: (o: Parameters<TestApp['request']>[0]) => second.app.app.inject(o) };
    const draft = await createDraftWithPhotos(t, poster);
    // Asked twice: the second answer comes from this process's cache with no query run.
    expect(await browseIds()).not.toContain(draft._id);
    expect(await browseIds()).not.toContain(draft._id);
    const res = await fromSecond.request({ method: 'POST', url: `/api/listings/${draft._id}/publish`, headers: poster.auth });
    expect(res.statusCode).toBe(200);
    // No query of this process ran since: only the notification tells it (milliseconds; a minute
    // at worst, the answers' time limit). Waited for, not timed.
    await vi.waitFor(async () => expect(await browseIds()).toContain(draft._id), { timeout: 10_000, interval: 25 });
  });
});

describe('what goes over the wire', () => {
  it('an ETag: the same page again is 304 without a body; after a change, 200 with a new ETag', async () => {
    await createLiveListing(t, poster);
    const first = await t.request({ method: 'GET', url: '/api/listings' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.request({ method: 'GET', url: '/api/listings', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createLiveListing(t, poster);
    const changed = await t.request({ method: 'GET', url: '/api/listings', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('the kept page is sent gzip or brotli as the phone asks, each the same JSON', async () => {
    for (let i = 0; i < 6; i += 1) await createLiveListing(t, poster);
    const plain = await t.request({ method: 'GET', url: '/api/listings', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await t.request({ method: 'GET', url: '/api/listings', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const br = await t.request({ method: 'GET', url: '/api/listings', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.vary).toContain('accept-encoding');
  });

  it('the public listing page is never stored by a browser or proxy (the same URL answers the owner with the phone)', async () => {
    const listing = await createLiveListing(t, poster);
    for (const who of [null, poster]) expect((await detail(listing._id, who)).headers['cache-control']).toBe('no-store');
    const res = await detail(listing._id);
    expect((res.json() as TListingAnswer).listing.access).toBe('public');
  });
});
