import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBrowseAnswer, TOwnerListing } from '@betoch/contracts/listings';
import type { TConversationSummary } from '@betoch/contracts/conversations';
import type { TMyUnlocksAnswer } from '@betoch/contracts/unlocks';
import amSeo from '../../../web/public/locales/am/seo.json';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createListing, createListingsTestApp, createLiveListing, listingPayload } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { writeRenderingWebDist } from '../support/web-dist.ts';
import { grantCredits } from '../support/wallet.ts';

/**
 * Generated listing titles: the wizard's '{Type} in {subcity}' is kept as generated
 * (its English form in `title`) and read in each reader's language; a typed title stays as typed.
 */
let t: TestApp;
let webDist: string;
let owner: SignedIn;

beforeAll(async () => {
  webDist = writeRenderingWebDist();
  t = await createListingsTestApp({ WEB_DIST: webDist });
  owner = await signUp(t, { userType: 'landlord', name: 'Title owner' });
}, 60_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function patch(id: string, payload: Record<string, unknown>): Promise<TOwnerListing> {
  return t.request({ method: 'PATCH', url: `/api/listings/${id}`, headers: owner.auth, payload }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().listing as TOwnerListing;
  });
}

describe('writing a title', () => {
  it('title_generated: the server keeps the English composition of the parts, whatever text came with it', async () => {
    const listing = await createListing(t, owner, { title: 'በቦሌ የሚገኝ አፓርትመንት', title_generated: true, type: 'apartment', bedrooms: 2, subcity: 'Bole' });
    expect(listing).toMatchObject({ title: 'Apartment in Bole', title_generated: true });
    const studio = await createListing(t, owner, { title: 'x', title_generated: true, type: 'apartment', bedrooms: 0, subcity: 'nifas silk lafto' });
    expect(studio).toMatchObject({ title: 'Studio in Nefas Silk-Lafto', title_generated: true });
    const condo = await createListing(t, owner, { title: 'x', title_generated: true, type: 'condo', bedrooms: 3, subcity: 'Yeka' });
    expect(condo).toMatchObject({ title: 'Condominium in Yeka', title_generated: true });
  });

  it('a typed title is kept exactly as typed and is not generated; one that is exactly the composition is', async () => {
    const typed = await createListing(t, owner, { title: 'Sunny flat near Edna Mall', type: 'apartment', subcity: 'Bole' });
    expect(typed).toMatchObject({ title: 'Sunny flat near Edna Mall', title_generated: false });
    const same = await createListing(t, owner, { title: 'Villa in Yeka', type: 'villa', bedrooms: 4, subcity: 'Yeka' });
    expect(same).toMatchObject({ title: 'Villa in Yeka', title_generated: true });
    const other = await createListing(t, owner, { title: 'Villa in Yeka', type: 'apartment', subcity: 'Yeka' });
    expect(other).toMatchObject({ title: 'Villa in Yeka', title_generated: false });
  });

  it('an edit: a generated title follows the new parts; a typed one makes it typed; title_generated makes it generated again', async () => {
    const listing = await createListing(t, owner, { title: 'x', title_generated: true, type: 'apartment', bedrooms: 2, subcity: 'Bole' });
    expect(await patch(listing._id, { subcity: 'Kirkos', price_etb: 30000 })).toMatchObject({ title: 'Apartment in Kirkos', title_generated: true });
    expect(await patch(listing._id, { type: 'villa' })).toMatchObject({ title: 'Villa in Kirkos', title_generated: true });
    expect(await patch(listing._id, { title: 'Big villa with a garden' })).toMatchObject({ title: 'Big villa with a garden', title_generated: false });
    // Typed now: a change of place leaves the typed title alone.
    expect(await patch(listing._id, { subcity: 'Bole' })).toMatchObject({ title: 'Big villa with a garden', title_generated: false });
    expect(await patch(listing._id, { title: 'anything', title_generated: true })).toMatchObject({ title: 'Villa in Bole', title_generated: true });
    // The owner form sends the title back with title_generated when the poster left it as it was.
    expect(
      await patch(listing._id, { ...listingPayload({ type: 'villa', subcity: 'Bole', bedrooms: 5 }), title: 'በቦሌ የሚገኝ ቪላ', title_generated: true }),
    ).toMatchObject({
      title: 'Villa in Bole',
      title_generated: true,
    });
  });

  it('rejects a title_generated that is not a boolean', async () => {
    const res = await t.request({ method: 'POST', url: '/api/listings', headers: owner.auth, payload: listingPayload({ title_generated: 'yes' }) });
    expect(res.statusCode).toBe(400);
  });
});

describe('reading a title', () => {
  let generatedId: string;
  let typedId: string;
  let tenant: SignedIn;

  beforeAll(async () => {
    generatedId = (await createLiveListing(t, owner, { title: 'x', title_generated: true, type: 'apartment', bedrooms: 2, subcity: 'Bole', price_etb: 43210 }))
      ._id;
    typedId = (await createLiveListing(t, owner, { title: 'Sunny flat near Edna Mall', type: 'apartment', bedrooms: 2, subcity: 'Bole', price_etb: 43210 }))
      ._id;
    tenant = await signUp(t, { userType: 'tenant' });
    await grantCredits(t, tenant, 2);
    expect((await t.request({ method: 'POST', url: `/api/listings/${generatedId}/unlock-contact`, headers: tenant.auth })).statusCode).toBe(200);
    const started = await t.request({
      method: 'POST',
      url: '/api/conversations',
      headers: tenant.auth,
      payload: { listing_id: generatedId, initial_message: 'Is it free?' },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
  }, 60_000);

  it('the detail, the browse card, the inbox and My unlocks carry what the reader composes it from', async () => {
    const detail = (await t.request({ method: 'GET', url: `/api/listings/${generatedId}` })).json().listing;
    expect(detail).toMatchObject({ title: 'Apartment in Bole', title_generated: true, type: 'apartment', bedrooms: 2, subcity: 'Bole' });
    expect((await t.request({ method: 'GET', url: `/api/listings/${typedId}` })).json().listing).toMatchObject({
      title: 'Sunny flat near Edna Mall',
      title_generated: false,
    });

    const cards = ((await t.request({ method: 'GET', url: '/api/listings?price_min=43210&price_max=43210' })).json() as TBrowseAnswer).listings;
    expect(cards.find((c) => c._id === generatedId)).toMatchObject({
      title: 'Apartment in Bole',
      title_generated: true,
      type: 'apartment',
      bedrooms: 2,
      subcity: 'Bole',
    });
    // A typed title's card says nothing of it (cards carry only what they show).
    expect(cards.find((c) => c._id === typedId)).not.toHaveProperty('title_generated');

    for (const who of [tenant, owner]) {
      const rows = (await t.request({ method: 'GET', url: '/api/conversations', headers: who.auth })).json().conversations as TConversationSummary[];
      expect(rows.find((r) => r.listing_id?._id === generatedId)?.listing_id).toMatchObject({
        title: 'Apartment in Bole',
        title_generated: true,
        type: 'apartment',
        bedrooms: 2,
        subcity: 'Bole',
      });
    }

    const unlocks = ((await t.request({ method: 'GET', url: '/api/listings/unlocked/my-unlocks', headers: tenant.auth })).json() as TMyUnlocksAnswer).unlocks;
    expect(unlocks.find((u) => u.listing._id === generatedId)?.listing).toMatchObject({
      title: 'Apartment in Bole',
      title_generated: true,
      type: 'apartment',
      bedrooms: 2,
      subcity: 'Bole',
    });
  });

  it("the page head names the listing in the visitor's language (?lng= or the language cookie); a typed title as typed", async () => {
    const head = async (url: string, headers: Record<string, string> = {}) => {
      const html = (await t.request({ method: 'GET', url, headers: { host: 'betoch.example', ...headers } })).body;
      const top = html.slice(0, html.indexOf('</head>'));
      const og = /<meta property="og:title" content="([^"]*)">/.exec(top)?.[1];
      const name = (JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(top)![1]!) as { itemOffered: { name: string } }).itemOffered.name;
      return { title: /<title>([^<]*)<\/title>/.exec(top)?.[1], og, name };
    };
    expect(await head(`/l/${generatedId}?lng=am`)).toEqual({
      title: `በቦሌ የሚገኝ አፓርትመንት · 43,210 ብር (ETB) · ቦሌ · ${amSeo.site}`,
      og: 'በቦሌ የሚገኝ አፓርትመንት · 43,210 ብር (ETB) · ቦሌ',
      name: 'በቦሌ የሚገኝ አፓርትመንት',
    });
    expect((await head(`/l/${generatedId}`, { cookie: 'betoch_lng=am' })).og).toBe('በቦሌ የሚገኝ አፓርትመንት · 43,210 ብር (ETB) · ቦሌ');
    expect((await head(`/l/${generatedId}?lng=en`)).og).toBe('Apartment in Bole · 43,210 ETB · Bole');
    expect((await head(`/l/${typedId}?lng=am`)).name).toBe('Sunny flat near Edna Mall');
  });

  it('the place search finds a generated title by the words the reader sees, in either language', async () => {
    const found = async (q: string) =>
      (
        (await t.request({ method: 'GET', url: `/api/listings?price_min=43210&price_max=43210&q=${encodeURIComponent(q)}` })).json() as TBrowseAnswer
      ).listings.map((c) => c._id);
    for (const q of ['አፓርትመንት', 'Apartment', 'ቦሌ', 'Bole']) expect(await found(q), q).toContain(generatedId);
    expect(await found('ቪላ')).not.toContain(generatedId);
    expect(await found('Sunny')).toEqual([typedId]);
  });
});

describe('migration 0013', () => {
  it('marks as generated the rows whose title is exactly the English composition of their own type, bedrooms and subcity', async () => {
    const all = path.resolve(import.meta.dirname, '../../migrations');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-titles-'));
    for (const file of fs.readdirSync(all)) if (file.endsWith('.sql') && file < '0013') fs.copyFileSync(path.join(all, file), path.join(dir, file));
    const database = await openDatabase({});
    try {
      await migrate(database, dir);
      const [user] = await database.sql.query<{ id: string }>("INSERT INTO users (phone, user_type) VALUES ('+251911000013', 'landlord') RETURNING id");
      const rows: Array<[string, string, number | null, string, boolean]> = [
        ['Apartment in Bole', 'apartment', 2, 'Bole', true],
        ['Studio in Yeka', 'apartment', 0, 'Yeka', true],
        ['Apartment in Yeka', 'apartment', 0, 'Yeka', false],
        ['Condominium in Lideta', 'condo', 3, 'Lideta', true],
        ['Villa in Arada', 'villa', null, 'Arada', true],
        ['House in Arada', 'villa', 3, 'Arada', false],
        ['apartment in bole', 'apartment', 2, 'Bole', false],
        ['2-Bedroom Apartment in Bole', 'apartment', 2, 'Bole', false],
        ['Apartment in Bole', 'apartment', 2, 'Kirkos', false],
      ];
      for (const [title, type, bedrooms, subcity] of rows) {
        await database.sql.query(
          "INSERT INTO listings (poster_id, title, description, type, price_etb, bedrooms, subcity, source) VALUES ($1, $2, 'd', $3, 1000, $4, $5, 'landlord')",
          [user!.id, title, type, bedrooms, subcity],
        );
      }
      fs.copyFileSync(path.join(all, '0013_generated_titles.sql'), path.join(dir, '0013_generated_titles.sql'));
      expect(await migrate(database, dir)).toEqual(['0013_generated_titles.sql']);
      const marked = await database.sql.query<{ title: string; subcity: string; bedrooms: number | null; title_generated: boolean }>(
        'SELECT title, subcity, bedrooms, title_generated FROM listings ORDER BY created_at, id',
      );
      for (const [title, , bedrooms, subcity, generated] of rows) {
        const row = marked.find((r) => r.title === title && r.subcity === subcity && r.bedrooms === bedrooms);
        expect(row?.title_generated, `${title} (${subcity}, ${bedrooms})`).toBe(generated);
      }
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
