import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SAVER_COOKIE } from '@betoch/contracts/constants';
import { PENDING_MESSAGE_COOKIE, readPendingMessage } from '@betoch/contracts/pending-message';
import type { TPhoto } from '@betoch/contracts/uploads';
import { createListing, createListingsTestApp, createLiveListing, hideListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { drawnText, ssrStateOf, writeRenderingWebDist } from '../support/web-dist.ts';
import { leaksIn } from '../security/market.ts';
import { pageLanguage } from '../../src/plugins/server-render.ts';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { openTestDatabase } from '../support/test-app.ts';

/**
 * The public pages drawn on the server by the web app's own renderer: the HTML holds
 * the page's real content in the visitor's language, as a visitor without a session sees it, and
 * the data the browser hydrates it with; never a poster's phone.
 */
/** The files of two page modules, as the web build lists them (dist/page-files.json). */
const PAGE_FILES = {
  pages: {
    'src/features/listings/components/browse-page.tsx': { scripts: ['/assets/browse-B.js'], styles: ['/assets/browse-B.css'] },
    'src/features/listings/components/listing-detail-page.tsx': { scripts: ['/assets/detail-D.js'], styles: ['/assets/detail-D.css'] },
  },
};
const BREAKOUT = '</script><script>alert(1)</script>';

let t: TestApp;
let webDist: string;
let owner: SignedIn;
let live: { _id: string; title: string; photos: TPhoto[] };
let draftId: string;
let hiddenId: string;

/** The entry's and the listing page's style sheets in the test build. */
const ENTRY_CSS = ':root{--entry:1}';
const DETAIL_CSS = '.detail{color:#136a3f}';

beforeAll(async () => {
  webDist = writeRenderingWebDist(PAGE_FILES);
  const index = path.join(webDist, 'index.html');
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/index-E.css"></head>'));
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'assets/index-E.css'), ENTRY_CSS);
  fs.writeFileSync(path.join(webDist, 'assets/detail-D.css'), DETAIL_CSS);
  t = await createListingsTestApp({ WEB_DIST: webDist });
  owner = await signUp(t, { userType: 'landlord', name: 'Server render owner' });
  live = await createLiveListing(t, owner, { title: `Sunny flat ${BREAKOUT} in Bole`, contact_preference: 'show', price_etb: 23500 });
  draftId = (await createListing(t, owner, { title: 'Not live yet' }))._id;
  hiddenId = (await createLiveListing(t, owner, { title: 'Hidden by the admins' }))._id;
  await hideListing(t, hiddenId);
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}, status = 200) {
  const res = await t.request({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
}

describe('a listing page drawn on the server', () => {
  it('holds the title, price, subcity, facts, description and the cover photo URL, in English', async () => {
    const html = await page(`/l/${live._id}`);
    const text = drawnText(html);
    expect(html).toContain('Sunny flat &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; in Bole</h1>');
    expect(text).toContain('23,500 ETB');
    expect(text).toContain('Bole subcity');
    expect(text).toContain('About this home');
    expect(text).toContain('Description');
    expect(html).toContain(`src="${live.photos[0]!.url}"`);
    // The listing text is escaped in the markup and cannot close the state's script element.
    expect(html).not.toContain(BREAKOUT);
    const state = ssrStateOf(html);
    expect(state?.hydrate).toBe(true);
    expect(state?.lng).toBe('en');
    expect(JSON.stringify(state?.queries.queries[0]?.state.data)).toContain(live._id);
    // Its styles (the entry's, then the page's) are in it, so it shows styled before any file has
    // come, and its sheets are named by disabled links (never fetched; the app's loader finds them
    // and fetches none again). Its code and texts are asked for by the boot script once the page
    // is shown: no script tag of the app's is in the page itself. The texts are those of every part
    // drawn: the page's own, 'Save' (favourites) and 'Share' (extras), drawn by the server too.
    expect(html).toContain(
      '<script data-boot data-modules="/assets/detail-D.js" data-texts="/locales/en/common.json /locales/en/listings.json /locales/en/favourites.json /locales/en/extras.json">',
    );
    expect(html).toContain('(document.currentScript,"/assets/index-E.js","token",3000)</script>');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain(`<style>${ENTRY_CSS}\n${DETAIL_CSS}</style>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-E.css" disabled>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/detail-D.css" disabled>');
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*[^d]>/);
    expect(html).not.toContain('browse-B');
  });

  it('goes out compressed as the phone asks (brotli, else gzip), the same page as uncompressed', async () => {
    // The same page but for when its data was read (the dehydrated queries' times).
    const untimed = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
    const plain = untimed(await page(`/l/${live._id}`));
    const br = await t.request({ method: 'GET', url: `/l/${live._id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(untimed(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toBe(plain);
    const gzip = await t.request({ method: 'GET', url: `/l/${live._id}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(untimed(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toBe(plain);
    const otherGzip = await t.request({ method: 'GET', url: `/l/${hiddenId}`, headers: { 'accept-encoding': 'gzip' } });
    expect(otherGzip.statusCode).toBe(404);
    expect(zlib.gunzipSync(otherGzip.rawPayload).toString('utf8')).toContain('noindex');
    const browse = await t.request({ method: 'GET', url: '/browse?lng=am', headers: { 'accept-encoding': 'gzip' } });
    expect(untimed(zlib.gunzipSync(browse.rawPayload).toString('utf8'))).toBe(untimed(await page('/browse?lng=am')));
  });

  it("allows its own style element and boot script by their hashes in the page's Content-Security-Policy, and no other", async () => {
    const res = await t.request({ method: 'GET', url: `/l/${live._id}` });
    const sha = (text: string) => createHash('sha256').update(text).digest('base64');
    const css = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    const boot = /<script data-boot[^>]*>([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    const policy = String(res.headers['content-security-policy']).split('; ');
    expect(policy.find((d) => d.startsWith('style-src '))).toBe(`style-src 'self' 'sha256-${sha(css)}'`);
    expect(policy.find((d) => d.startsWith('script-src '))).toBe(`script-src 'self' 'sha256-${sha(boot)}'`);
    // The boot script is the same on every drawn page (what it asks for is in its attributes).
    const browse = await t.request({ method: 'GET', url: '/browse?lng=am' });
    expect(/<script data-boot[^>]*>([\s\S]*?)<\/script>/.exec(browse.body)![1]).toBe(boot);
    expect(browse.body).toContain('data-texts="/locales/am/common.json');
    // An answer that is not a drawn page allows no inline element.
    const api = await t.request({ method: 'GET', url: '/api/listings' });
    expect(String(api.headers['content-security-policy'])).toContain("style-src 'self';");
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it("asks for its cover photo first: a preload of the photo is the head's first request; none with data saver on", async () => {
    const html = await page(`/l/${live._id}`);
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="[^"]+" fetchpriority="high">/.exec(head);
    expect(preload?.[1]).toBe(live.photos[0]!.url);
    expect(preload?.[2]).toMatch(/^\/media\/\S+ \d+w/);
    // Before the app's code and styles, right after the character set.
    expect(head.indexOf(preload![0])).toBeLessThan(head.indexOf('<script'));
    expect(head.indexOf(preload![0])).toBeLessThan(head.indexOf('<style>'));
    expect(head).toMatch(/<meta charset="UTF-8" \/><link rel="preload" as="image"/);
    const saving = await page(`/l/${live._id}`, { cookie: `${DATA_SAVER_COOKIE}=1` });
    expect(saving).not.toContain('rel="preload" as="image"');
  });

  it('is in Amharic for the Amharic cookie (and for a phone that prefers Amharic), with the same data', async () => {
    for (const headers of [{ cookie: 'betoch_lng=am' }, { 'accept-language': 'en;q=0.4, am-ET;q=0.9' }] as Record<string, string>[]) {
      const html = await page(`/l/${live._id}`, headers);
      const text = drawnText(html);
      expect(html).toContain('<html lang="am"');
      expect(text).toContain('23,500 ብር');
      expect(text).toContain('ቦሌ');
      expect(text).toContain('ስለ ቤቱ');
      expect(text).toContain('መግለጫ');
      expect(html).toContain(`src="${live.photos[0]!.url}"`);
      expect(ssrStateOf(html)?.lng).toBe('am');
    }
  });

  it("carries the ways that work without JavaScript ('Post property', the safety tips) in the page's own language, page after page", async () => {
    // The server draws these parts once per language and writes them on every page since.
    for (const [lng, tip, wizard] of [
      ['en', 'Meet in a public place', 'Step-by-step wizard'],
      ['am', 'በሕዝብ ቦታ ይገናኙ', 'ደረጃ በደረጃ ማስተዋወቂያ'],
      ['en', 'Meet in a public place', 'Step-by-step wizard'],
    ] as const) {
      const html = await page(`/l/${live._id}?lng=${lng}`);
      const plain = [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((m) => m[1]!).join(' ');
      expect(plain, lng).toContain(tip);
      expect(plain, lng).toMatch(new RegExp(`href="/landlord/welcome"[^>]*>${wizard}</a>`));
      expect(plain, lng).toContain('href="/delala/welcome"');
      // Each 'Post property' menu (the bar's and the phone's row) has its own.
      expect(plain.split('href="/landlord/welcome"').length - 1, lng).toBe(2);
      const other = lng === 'en' ? 'በሕዝብ ቦታ ይገናኙ' : 'Meet in a public place';
      expect(plain, lng).not.toContain(other);
    }
  });

  it("never holds the poster's phone, in the markup, the state or the head, whoever asks", async () => {
    for (const headers of [{}, owner.auth, { cookie: 'betoch_lng=am' }, { ...owner.auth, 'user-agent': 'TelegramBot (like TwitterBot)' }] as Record<
      string,
      string
    >[]) {
      const html = await page(`/l/${live._id}`, headers);
      expect(leaksIn(html, [owner.phone])).toEqual([]);
      // Drawn for a visitor without a session even when the poster asks: the session is the browser's.
      expect(ssrStateOf(html)?.queries.queries[0]?.queryKey.at(-1)).toBe('anonymous');
    }
  });

  it("draws one photo alone for ?photo=n (what a photo opens without JavaScript), with the way back; never the poster's phone; a number that is no photo draws the listing", async () => {
    for (const cookie of ['betoch_lng=en', 'betoch_lng=am']) {
      const html = await page(`/l/${live._id}?photo=1`, { cookie });
      const text = drawnText(html);
      expect(text).toContain(cookie.endsWith('am') ? 'ፎቶዎች' : 'Photos of Sunny flat');
      expect(text).toContain('1 / 1');
      expect(html).toContain(`src="${live.photos[0]!.url}"`);
      expect(html).toContain(`href="/l/${live._id}"`);
      expect(text).not.toContain(cookie.endsWith('am') ? 'መግለጫ' : 'Description');
      expect(leaksIn(html, [owner.phone])).toEqual([]);
      expect(ssrStateOf(html)?.hydrate).toBe(true);
    }
    for (const n of ['0', '2', 'x']) {
      const html = await page(`/l/${live._id}?photo=${n}`);
      expect(drawnText(html), n).toContain('Description');
      expect(html, n).toContain(`href="/l/${live._id}?photo=1"`);
    }
  });

  it('a draft, a hidden listing or an unknown id: 404, noindex, never stored', async () => {
    for (const id of [draftId, hiddenId, '00000000-0000-4000-8000-000000000000', 'no-such-listing']) {
      const res = await t.request({ method: 'GET', url: `/l/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('Hidden by the admins');
      expect(ssrStateOf(res.body)?.hydrate ?? false).toBe(false);
    }
  });
});

describe('/browse drawn on the server', () => {
  it('holds the cards (title, price, subcity, a link to the listing) and its filters from the URL', async () => {
    const html = await page('/browse', { cookie: 'betoch_lng=am' });
    expect(html).toContain(`href="/l/${live._id}"`);
    const text = drawnText(html);
    expect(text).toContain('23,500 ብር');
    expect(text).toContain('ቦሌ');
    const filtered = await page('/browse?subcity=Yeka');
    expect(filtered).not.toContain(`href="/l/${live._id}"`);
    expect(JSON.stringify(ssrStateOf(filtered)?.queries.queries[0]?.queryKey)).toContain('Yeka');
    // The page carries its browse call's answer once, in the state the app hydrates with; the
    // service worker keeps it from there for offline (apps/web/src/sw/sw-rules.ts).
    const state = ssrStateOf(html)!;
    expect(state.browse?.url).toMatch(/^\/api\/listings\?/);
    const query = state.queries.queries.find((q) => q.queryHash === state.browse?.queryHash);
    expect((query?.state.data as { pages: Array<{ ok: boolean; listings: Array<{ _id: string }> }> }).pages[0]!.listings.map((l) => l._id)).toContain(live._id);
    expect(html).not.toContain('id="first-answer"');
  });

  it('each public page is drawn, in the language asked for', async () => {
    for (const url of ['/', '/tenant/welcome', '/landlord/welcome', '/delala/welcome', '/login', '/signup', '/privacy', '/terms']) {
      const html = await page(url, { cookie: 'betoch_lng=am' });
      expect(html, url).toMatch(/<h1[^>]*>/);
      expect(ssrStateOf(html)?.lng, url).toBe('am');
    }
    // Signed-in screens are drawn in the browser.
    expect(ssrStateOf(await page('/wallet'))).toBeNull();
  });
});

describe("the landlord's wizard drawn on the server", () => {
  it('draws the step its address names, with links to the steps beside it, and sign-in back to posting at the end', async () => {
    const third = await page('/landlord/welcome?step=3');
    expect(drawnText(third)).toMatch(/Step 3 of 5\s*Photos/);
    for (const step of [1, 2, 4, 5]) expect(third).toContain(`href="/landlord/welcome?step=${step}#wizard-title"`);
    expect(drawnText(third)).toContain('nothing typed here is kept');
    const first = await page('/landlord/welcome', { cookie: 'betoch_lng=am' });
    expect(drawnText(first)).toMatch(/ደረጃ 1 ከ5\s*የቤቱ መረጃ/);
    expect(first).toContain('href="/landlord/welcome?step=2#wizard-title"');
    const last = await page('/landlord/welcome?step=5');
    expect(drawnText(last)).toContain('Sign in to post');
    expect(last).toContain('href="/login?from=%2Fpost-property"');
    expect(last).not.toContain('href="/landlord/welcome?step=6#wizard-title"');
  });
});

describe('the language of a page', () => {
  it("is the URL's, else the cookie's, else the best of the phone's languages by their q-values", () => {
    expect(pageLanguage({ cookie: 'other=1; betoch_lng=am' })).toBe('am');
    expect(pageLanguage({ cookie: 'betoch_lng=am' }, 'lng=en')).toBe('en');
    expect(pageLanguage({ 'accept-language': 'am-ET,am;q=0.9,en;q=0.8' })).toBe('am');
    expect(pageLanguage({ 'accept-language': 'fr-FR,en-US;q=0.8,am;q=0.5' })).toBe('en');
    expect(pageLanguage({ 'accept-language': 'en;q=0.2,am;q=0.7' })).toBe('am');
    expect(pageLanguage({ cookie: 'betoch_lng=en-US', 'accept-language': 'am' })).toBe('en');
    expect(pageLanguage({ 'accept-language': 'fr' })).toBe('en');
    expect(pageLanguage({ cookie: 'betoch_lng=xx' })).toBe('en');
  });
});

describe('a page opened by its language link, and a form sent without JavaScript', () => {
  it('keeps the language of a ?lng= link in the language cookie; a page without one sets none', async () => {
    const am = await t.app.inject({ method: 'GET', url: '/browse?lng=am' });
    expect(am.headers['set-cookie']).toBe('betoch_lng=am; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(am.body).toContain('<html lang="am"');
    for (const url of ['/browse', '/browse?lng=xx', `/l/${live._id}?lng=`]) {
      expect((await t.app.inject({ method: 'GET', url })).headers['set-cookie'], url).toBeUndefined();
    }
  });

  it("keeps the data saver's ?saver= link in its cookie and sends the browser back to the same page without it", async () => {
    const on = await t.app.inject({ method: 'GET', url: '/browse?subcity=Bole&saver=1' });
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe('/browse?subcity=Bole');
    expect(on.headers['set-cookie']).toBe('betoch_ds=1; Path=/; Max-Age=31536000; SameSite=Lax');
    const off = await t.app.inject({ method: 'GET', url: `/l/${live._id}?saver=0` });
    expect(off.statusCode).toBe(303);
    expect(off.headers.location).toBe(`/l/${live._id}`);
    expect(off.headers['set-cookie']).toBe('betoch_ds=0; Path=/; Max-Age=31536000; SameSite=Lax');
    // Drawn with the choice: the link now turns it off.
    const drawn = await t.app.inject({ method: 'GET', url: '/browse?subcity=Bole', headers: { cookie: 'betoch_ds=1' } });
    expect(drawn.body).toContain('href="/browse?subcity=Bole&amp;saver=0" role="switch" aria-checked="true"');
    for (const url of ['/browse?saver=2', '/browse?saver=']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('answers sign-in and sign-up forms posted by the browser itself with their page again, the fields unread', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login?from=%2Fl%2Fabc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=0911223344',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?from=%2Fl%2Fabc');
    // No API route takes a browser's form.
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=0911223344',
    });
    expect(api.statusCode).toBe(415);
  });

  it("keeps a listing page's message posted without JavaScript in a cookie, never in the address, and goes on to sign-up", async () => {
    const message = 'ሰላም፣ ቤቱ አሁንም አለ? Is it still free?';
    const form = new URLSearchParams({ from: `/l/${live._id}`, listing: live._id, message }).toString();
    const res = await t.app.inject({ method: 'POST', url: '/signup', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(res.statusCode).toBe(303);
    const next = new URL(String(res.headers.location), 'http://x');
    expect([next.pathname, next.searchParams.get('from'), next.searchParams.get('listing'), next.searchParams.get('message')]).toEqual([
      '/signup',
      `/l/${live._id}`,
      live._id,
      null,
    ]);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${PENDING_MESSAGE_COOKIE}=[^;]+; Path=/; Max-Age=3600; SameSite=Lax$`));
    expect(readPendingMessage(cookie.split(';')[0]!.split('=')[1])).toEqual({ listingId: live._id, message });
    // The sign-up page's own phone form comes back to its page, its fields unread, the cookie kept.
    const phone = await t.app.inject({
      method: 'POST',
      url: String(res.headers.location),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=0911223344',
    });
    expect([phone.statusCode, phone.headers.location, phone.headers['set-cookie']]).toEqual([303, res.headers.location, undefined]);
  });
});

describe('the log of a drawn page', () => {
  it('has the page request alone, not the reads the renderer made for it; a guessed header hides nothing', async () => {
    const lines: string[] = [];
    const opened = await openTestDatabase();
    const built = await buildApp(
      loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-log-')), WEB_DIST: webDist }),
      {
        database: opened.database,
        logStream: { write: (line: string) => void lines.push(line) },
      },
    );
    try {
      await built.app.ready();
      const res = await built.app.inject({ method: 'GET', url: '/browse' });
      expect(res.statusCode).toBe(200);
      expect(ssrStateOf(res.body)?.browse).toBeTruthy(); // drawn, with its listings read
      const logged = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } });
      // One line for the page, when it was answered; none for its reads, none when it arrived.
      expect(logged.filter((l) => l.msg === 'request completed').map((l) => l.req?.url)).toEqual(['/browse']);
      expect(logged.filter((l) => l.msg === 'incoming request')).toHaveLength(0);

      lines.length = 0;
      await built.app.inject({ method: 'GET', url: '/api/listings', headers: { 'x-page-read': 'guess' } });
      expect(lines.filter((l) => l.includes('"request completed"') && l.includes('"url":"/api/listings"'))).toHaveLength(1);
    } finally {
      await built.app.close();
      await opened.database.close();
      await opened.drop();
    }
  });
});
