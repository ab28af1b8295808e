import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardPhotoRenditions } from '@betoch/contracts/card-photo';
import { findFirstAnswerElement } from '@betoch/contracts/first-answer-element';
import { photoSrcSet } from '@betoch/contracts/photo-srcset';
import type { TBrowseAnswer, TListingAnswer } from '@betoch/contracts/listings';
import { firstScreenPages } from '../../src/plugins/first-screen-page.ts';
import { createListing, createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { phoneSpellings } from '../security/market.ts';

/**
 * The page sent for /, /browse and /l/{id} (issue 8): it names the first screen's code, styles and
 * texts, and for /browse and /l/{id} carries the first call's public answer, exactly what the call
 * answers a visitor without a session, never a phone, and in a form no listing text can break
 * out of.
 */
const INDEX =
  '<!doctype html><html lang="en"><head><title>Betoch</title><script type="module" crossorigin src="/assets/index-E.js"></script></head><body><div id="root"></div></body></html>';
const SCREENS = {
  screens: [
    { path: '/', scripts: ['/assets/landing-L.js'], styles: ['/assets/landing-L.css'], namespaces: ['common', 'landing'] },
    { path: '/browse', scripts: ['/assets/browse-B.js', '/assets/grid-G.js'], styles: ['/assets/browse-B.css'], namespaces: ['common', 'listings'], photoSizes: 'calc(100vw - 40px)' },
    { path: '/l/', scripts: ['/assets/detail-D.js'], styles: [], namespaces: ['common', 'listings'], photoSizes: '100vw' },
  ],
};
const BREAKOUT = '</script><script>alert(1)</script>';

let t: TestApp;
let webDist: string;
let owner: SignedIn;
let liveId: string;
let draftId: string;

function writeDist(dir: string): void {
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'first-screens.json'), JSON.stringify(SCREENS));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-first-screen-'));
  writeDist(webDist);
  t = await createListingsTestApp({ WEB_DIST: webDist });
  owner = await signUp(t, { userType: 'landlord', name: 'First screen owner' });
  liveId = (await createLiveListing(t, owner, { title: `Sunny flat ${BREAKOUT} in Bole`, contact_preference: 'show' }))._id;
  draftId = (await createListing(t, owner, { title: 'Not live yet' }))._id;
}, 60_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.request({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.body;
}

/** The answer written into a page, read the way the web app reads it. */
function firstAnswer(html: string): { url: string; body: unknown; raw: string } | null {
  const found = findFirstAnswerElement(html);
  return found ? { url: found.url, body: JSON.parse(found.json), raw: found.json } : null;
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

describe('the page for a first screen', () => {
  it('/browse names its code, styles and texts, and carries the first page of live listings as the call answers it', async () => {
    const html = await page('/browse');
    expect(head(html)).toContain('<link rel="modulepreload" crossorigin href="/assets/browse-B.js">');
    expect(head(html)).toContain('<link rel="modulepreload" crossorigin href="/assets/grid-G.js">');
    expect(head(html)).toContain('<link rel="preload" as="style" crossorigin href="/assets/browse-B.css">');
    expect(head(html)).toContain('<link rel="preload" as="fetch" crossorigin href="/locales/en/listings.json">');
    const answer = firstAnswer(html)!;
    expect(answer.url).toBe('/api/listings?visibility=live&limit=20');
    const call = await t.request({ method: 'GET', url: answer.url });
    expect(answer.body).toEqual(call.json());
    expect((answer.body as { listings: Array<{ _id: string }> }).listings.map((l) => l._id)).toContain(liveId);
  });

  it('/l/{id} carries the listing as a visitor without a session sees it: never the phone', async () => {
    const html = await page(`/l/${liveId}`);
    expect(head(html)).toContain('href="/assets/detail-D.js"');
    const answer = firstAnswer(html)!;
    expect(answer.url).toBe(`/api/listings/${liveId}`);
    expect(answer.body).toEqual((await t.request({ method: 'GET', url: answer.url })).json());
    expect(answer.body).toMatchObject({ ok: true, listing: { _id: liveId } });
    expect(answer.body).not.toHaveProperty('listing.poster_phone');
    for (const spelling of phoneSpellings(owner.phone)) expect(html).not.toContain(spelling);
    // The owner's own session changes nothing: a page is the same for everyone.
    expect(firstAnswer(await page(`/l/${liveId}`, owner.auth))!.body).toEqual(answer.body);
  });

  it('no listing text can close the script element the answer is in', async () => {
    const html = await page(`/l/${liveId}`);
    const answer = firstAnswer(html)!;
    expect(answer.raw).not.toContain('<');
    expect(answer.body).toMatchObject({ listing: { title: `Sunny flat ${BREAKOUT} in Bole` } });
    expect(html.match(/<script/g)).toHaveLength(2); // the app's entry and the answer
  });

  it('a filtered browse gets the page without an answer', async () => {
    const html = await page('/browse?subcity=Bole');
    expect(firstAnswer(html)).toBeNull();
    expect(head(html)).toContain('rel="modulepreload"');
  });

  it('a listing that is not live, an unknown id or a malformed one: the page without an answer, 404', async () => {
    for (const url of [`/l/${draftId}`, '/l/00000000-0000-4000-8000-000000000000', '/l/not-an-id']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(firstAnswer(res.body), url).toBeNull();
      expect(res.body, url).not.toContain('Not live yet');
    }
  });

  it('/ names the landing code and texts; other pages go out as the build wrote them', async () => {
    const home = await page('/');
    expect(head(home)).toContain('href="/assets/landing-L.js"');
    expect(head(home)).toContain('href="/locales/en/landing.json"');
    expect(firstAnswer(home)).toBeNull();
    expect(await page('/wallet')).toBe(INDEX);
  });

  it('names the texts in the language the app will show: its cookie, else the phone\'s languages', async () => {
    const texts = async (headers: Record<string, string>) => /\/locales\/(\w+)\/common\.json/.exec(head(await page('/browse', headers)))?.[1];
    expect(await texts({ cookie: 'other=1; betoch_lng=am' })).toBe('am');
    expect(await texts({ 'accept-language': 'am-ET,am;q=0.9,en;q=0.8' })).toBe('am');
    expect(await texts({ 'accept-language': 'fr-FR,en-US;q=0.8,am;q=0.5' })).toBe('en');
    expect(await texts({ cookie: 'betoch_lng=en-US', 'accept-language': 'am' })).toBe('en');
    expect(await texts({ 'accept-language': 'fr' })).toBe('en');
    expect(await texts({ cookie: 'betoch_lng=xx' })).toBe('en');
  });
});

describe('the first photo named in the page', () => {
  function preloadedPhoto(html: string): { srcset: string; sizes: string } | null {
    const match = /<link rel="preload" as="image" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/.exec(head(html));
    return match ? { srcset: match[1]!, sizes: match[2]! } : null;
  }

  it("is the first card's photo on /browse, written as the card's image writes its srcset", async () => {
    const html = await page('/browse');
    const card = (firstAnswer(html)!.body as TBrowseAnswer).listings[0]!.photos[0]!;
    const renditions = cardPhotoRenditions(card);
    expect(preloadedPhoto(html)).toEqual({
      srcset: photoSrcSet({ url: renditions.at(-1)!.url, width: card.width, sizes: renditions }),
      sizes: 'calc(100vw - 40px)',
    });
    expect(preloadedPhoto(html)!.srcset).toMatch(/^\/media\/[\w-]+\/\d+\.webp \d+w/);
  });

  it("is the listing's first photo on /l/{id}", async () => {
    const html = await page(`/l/${liveId}`);
    const first = (firstAnswer(html)!.body as TListingAnswer).listing.photos[0]!;
    expect(preloadedPhoto(html)).toEqual({ srcset: photoSrcSet(first), sizes: '100vw' });
  });

  it('is left out when photos wait for a tap: data saver chosen on the device, or never chosen and the phone saves data', async () => {
    expect(preloadedPhoto(await page('/browse', { cookie: 'betoch_ds=1' }))).toBeNull();
    expect(preloadedPhoto(await page(`/l/${liveId}`, { 'save-data': 'on' }))).toBeNull();
    // The device's own choice wins over the phone's setting.
    expect(preloadedPhoto(await page('/browse', { cookie: 'betoch_ds=0', 'save-data': 'on' }))).not.toBeNull();
    // No answer, no photo.
    expect(preloadedPhoto(await page('/browse?subcity=Bole'))).toBeNull();
  });
});

describe('firstScreenPages', () => {
  it('sends the page without an answer when finding it fails, and reports the failure', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-first-screen-'));
    try {
      writeDist(dir);
      const onError = vi.fn();
      const pages = firstScreenPages(dir, () => Promise.reject(new Error('database gone')), onError);
      const html = (await pages.render('/browse', {}, 'http://localhost'))?.html;
      expect(html).toContain('href="/assets/browse-B.js"');
      expect(firstAnswer(html!)).toBeNull();
      expect(onError).toHaveBeenCalledOnce();
      expect(await pages.render('/wallet', {}, 'http://localhost')).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a page that is not a build of the web app as it is', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-first-screen-'));
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Betoch</title>');
      fs.writeFileSync(path.join(dir, 'first-screens.json'), JSON.stringify(SCREENS));
      expect(await firstScreenPages(dir, undefined, () => undefined).render('/browse', {}, 'http://localhost')).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
