import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import type { TBrowseAnswer, TListing } from '@betoch/contracts/listings';
import { readerView } from '../../src/modules/contact-masking/reader-view.ts';
import { maskStoredText } from '../../src/modules/listings/stored-text-masking.ts';
import { createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { signUp, uniquePhone, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { drawnText, ssrStateOf, writeRenderingWebDist } from '../support/web-dist.ts';

/**
 * Contact numbers hidden from the masker with characters a reader does not see, digits of other
 * scripts, long separators and handles without a colon, through the real calls: the listing's
 * detail answer and the /l/{id} page with its embedded first answer. The place search reads only
 * the masked text and never matches digits, so it cannot confirm a hidden number digit by digit.
 */

let t: TestApp;
let webDist: string;
let poster: SignedIn;
let national: string;
let listingId: string;
let searchId: string;

/** The national number written in the ways the attack report found getting through. */
function disguised(n: string): string[] {
  const groups = [n.slice(0, 4), n.slice(4, 6), n.slice(6, 8), n.slice(8)];
  const arabic = [...n].map((d) => String.fromCodePoint(0x0660 + Number(d))).join('');
  return [
    groups.join('\u200B'),
    groups.join('\u2060'),
    groups.join('\u00AD'),
    `${n.slice(0, 4)}.....${n.slice(4)}`,
    `${n.slice(0, 4)}\n\n${n.slice(4, 7)}\n\n${n.slice(7)}`,
    groups.join(' x '),
    arabic,
  ];
}

beforeAll(async () => {
  webDist = writeRenderingWebDist();
  t = await createListingsTestApp({ WEB_DIST: webDist });
  const phone = uniquePhone();
  national = `0${phone.slice(4)}`;
  poster = await signUp(t, { phone, userType: 'landlord', name: 'Evasion owner' });
  const description = ['Bright 2 bedroom flat, 85 sqm, 25,000 ETB.', ...disguised(national).map((d) => `Call ${d}.`), 'my telegram abebekebede'].join('\n');
  listingId = (await createLiveListing(t, poster, { contact_preference: 'show', description }))._id;
  searchId = (await createLiveListing(t, poster, { title: `Flat in Bole call ${national}`, contact_preference: 'hide' }))._id;
}, 60_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** What a reader sees of an answer: invisible characters dropped, digits of any script as ASCII. */
function seen(text: string): string {
  return readerView(text).text;
}

function expectNoNumber(text: string): void {
  const shown = seen(text);
  expect(shown).not.toContain(national);
  expect(shown.replace(/[^0-9]/g, '')).not.toContain(national.slice(1));
  expect(shown).not.toContain('abebekebede');
}

describe('disguised numbers in a listing', () => {
  it('an anonymous detail answer masks every disguise and keeps the ordinary text', async () => {
    const res = await t.request({ method: 'GET', url: `/api/listings/${listingId}` });
    expect(res.statusCode).toBe(200);
    const listing = res.json().listing as TListing;
    expectNoNumber(res.body);
    expect(listing.description.startsWith('Bright 2 bedroom flat, 85 sqm, 25,000 ETB.')).toBe(true);
    expect(listing.description.split(CONTACT_MASK).length - 1).toBe(disguised(national).length + 1);
  });

  it('the /l/{id} page drawn on the server and its hydration state hold no number', async () => {
    const res = await t.request({ method: 'GET', url: `/l/${listingId}` });
    expect(res.statusCode).toBe(200);
    expectNoNumber(res.body);
    expect(drawnText(res.body)).toContain('Bright 2 bedroom flat');
    const state = ssrStateOf(res.body);
    expect(state).not.toBeNull();
    expect((state!.queries.queries[0]!.state.data as TListing).description).toContain(CONTACT_MASK);
  });

  it('the poster still reads the text as written, less the invisible characters, which are never stored', async () => {
    const res = await t.request({ method: 'GET', url: `/api/listings/${listingId}`, headers: poster.auth });
    const description = (res.json().listing as TListing).description;
    expect(description).toContain(disguised(national)[3]);
    expect(description).toContain(`Call ${national}.`);
    expect(description).not.toMatch(/[\u200B\u2060\u00AD]/);
  });
});

async function found(q: string): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: `/api/listings?q=${encodeURIComponent(q)}&limit=50` });
  expect(res.statusCode).toBe(200);
  return (res.json() as TBrowseAnswer).listings.map((l) => l._id);
}

describe('the place search reads only the masked text', () => {
  it('a listing titled with a number is not found by the number, and a wrong digit answers the same', async () => {
    const prefix = national.slice(0, 7);
    const wrong = `${national.slice(0, 6)}${(Number(national[6]) + 1) % 10}`;
    expect(await found(prefix)).not.toContain(searchId);
    expect(await found(prefix)).toEqual(await found(wrong));
    expect(await found(national)).toEqual([]);
    expect(await found(`call ${prefix}`)).toEqual(await found(`call ${wrong}`));
  });

  it('finds the listing by the words the public reads, and not by a masked handle', async () => {
    expect(await found('Bole')).toContain(searchId);
    expect(await found('Flat in Bole')).toContain(searchId);
    expect(await found('abebekebede')).not.toContain(listingId);
  });
});

describe('text written before masked text was stored', () => {
  it('is masked at start, once, and answered from the stored form', async () => {
    await t.database.sql.query('UPDATE listings SET description_masked = NULL, masked_with = 0 WHERE id = $1', [listingId]);
    const first = await maskStoredText(t.database.db);
    expect(first.listings).toBe(1);
    expect((await maskStoredText(t.database.db)).listings).toBe(0);
    const [row] = await t.database.sql.query<{ description_masked: string }>('SELECT description_masked FROM listings WHERE id = $1', [listingId]);
    expect(row!.description_masked).toContain(CONTACT_MASK);
    expectNoNumber(row!.description_masked);
    const res = await t.request({ method: 'GET', url: `/api/listings/${listingId}` });
    expectNoNumber(res.body);
  });
});
