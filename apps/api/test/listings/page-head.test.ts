import fs from 'node:fs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import amSeo from '../../../web/public/locales/am/seo.json';
import enSeo from '../../../web/public/locales/en/seo.json';
import { sitemapRoutes } from '../../src/modules/listings/sitemap.routes.ts';
import { createListing, createListingsTestApp, createLiveListing, hideListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { writeRenderingWebDist } from '../support/web-dist.ts';
import { phoneSpellings } from '../security/market.ts';

/**
 * What a page says of itself to link previews and search engines: title, description, canonical
 * and language alternates on every public page; Open Graph, Twitter card and schema.org data on a
 * listing's page; 404 with noindex for a listing nobody may see; the sitemap and robots.txt.
 */
const TELEGRAM = 'TelegramBot (like TwitterBot)';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

let t: TestApp;
let webDist: string;
let owner: SignedIn;
let live: { _id: string; title: string; price_etb: number; subcity: string };
let hiddenId: string;
let draftId: string;

beforeAll(async () => {
  webDist = writeRenderingWebDist();
  t = await createListingsTestApp({ WEB_DIST: webDist });
  owner = await signUp(t, { userType: 'landlord', name: 'Preview owner' });
  live = await createLiveListing(t, owner, {
    title: 'Bright 2-bedroom flat near Edna Mall "with view"',
    price_etb: 18500,
    subcity: 'Bole',
    description: 'A bright flat on the third floor. Water all day, a guard at night.',
    contact_preference: 'show',
  });
  hiddenId = (await createLiveListing(t, owner, { title: 'Hidden by moderation' }))._id;
  // Three live listings in all, so a sitemap of 2 per page takes two pages.
  const second = await signUp(t, { userType: 'landlord', name: 'Second owner' });
  for (const title of ['Second flat', 'Third flat']) await createLiveListing(t, second, { title });
  draftId = (await createListing(t, owner, { title: 'Not live yet' }))._id;
  await hideListing(t, hiddenId);
}, 90_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(head(html));
  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');
}

function title(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/
    .exec(head(html))?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('a listing page fetched by a link-preview bot', () => {
  for (const [bot, agent] of [
    ['Telegram', TELEGRAM],
    ['Facebook', FACEBOOK],
  ] as const) {
    it(`${bot}: Open Graph and Twitter tags with the title, price in ETB, subcity and the cover photo`, async () => {
      const res = await t.request({ method: 'GET', url: `/l/${live._id}`, headers: { 'user-agent': agent, host: 'betoch.example' } });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(meta(html, 'og:title')).toBe('Bright 2-bedroom flat near Edna Mall "with view" · 18,500 ETB · Bole');
      expect(meta(html, 'og:description')).toBe('A bright flat on the third floor. Water all day, a guard at night.');
      expect(meta(html, 'og:url')).toBe(`http://betoch.example/l/${live._id}`);
      expect(meta(html, 'og:type')).toBe('website');
      const image = meta(html, 'og:image')!;
      // The largest size stored of the first photo, as an absolute URL that answers with the image.
      const answer = (await t.request({ method: 'GET', url: `/api/listings/${live._id}` })).json() as {
        listing: { photos: Array<{ url: string; width: number; sizes: Array<{ url: string; width: number }> }> };
      };
      const cover = answer.listing.photos[0]!;
      const largest = Math.max(cover.width, ...cover.sizes.map((s) => s.width));
      expect(image).toMatch(/^http:\/\/betoch\.example\/media\//);
      expect(meta(html, 'og:image:width')).toBe(String(largest));
      const photo = await t.request({ method: 'GET', url: new URL(image).pathname });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toMatch(/^image\//);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'twitter:image')).toBe(image);
      expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
      expect(title(html)).toBe(`Bright 2-bedroom flat near Edna Mall "with view" · 18,500 ETB · Bole · ${enSeo.site}`);
    });
  }

  it('carries schema.org data: a residence offered for rent, price and currency ETB', async () => {
    const html = (await t.request({ method: 'GET', url: `/l/${live._id}`, headers: { 'user-agent': TELEGRAM } })).body;
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head(html))![1]!;
    const data = JSON.parse(json) as Record<string, unknown> & { itemOffered: Record<string, unknown> };
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      price: 18500,
      priceCurrency: 'ETB',
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
    });
    expect(data.itemOffered).toMatchObject({
      '@type': 'Apartment',
      name: live.title,
      address: { addressLocality: 'Addis Ababa', addressRegion: 'Bole', addressCountry: 'ET' },
    });
  });

  it('has a canonical URL and an alternate in each language, and in Amharic when the visitor reads Amharic', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/l/${live._id}?utm_source=tg`,
      headers: { host: 'betoch.example', 'accept-language': 'en;q=0.4, am;q=0.9' },
    });
    const html = res.body;
    expect(head(html)).toContain(`<link rel="canonical" href="http://betoch.example/l/${live._id}?utm_source=tg">`);
    expect(head(html)).toContain(`<link rel="alternate" hreflang="am" href="http://betoch.example/l/${live._id}?utm_source=tg&amp;lng=am">`);
    expect(head(html)).toContain(`<link rel="alternate" hreflang="en" href="http://betoch.example/l/${live._id}?utm_source=tg&amp;lng=en">`);
    expect(html).toContain('<html lang="am"');
    expect(meta(html, 'og:locale')).toBe('am_ET');
    expect(meta(html, 'og:title')).toContain('18,500 ብር');
    // The URL's own language wins over the phone's.
    expect((await t.request({ method: 'GET', url: `/l/${live._id}?lng=en`, headers: { 'accept-language': 'am' } })).body).toContain('<html lang="en"');
  });

  it('never holds the poster phone, for any viewer, the poster included', async () => {
    for (const headers of [{}, owner.auth, { 'user-agent': TELEGRAM }]) {
      const html = (await t.request({ method: 'GET', url: `/l/${live._id}`, headers })).body;
      for (const spelling of phoneSpellings(owner.phone)) expect(html).not.toContain(spelling);
    }
  });
});

describe('a listing nobody may see', () => {
  it('hidden, draft, unknown or malformed id: 404, noindex, never stored', async () => {
    for (const id of [hiddenId, draftId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.request({ method: 'GET', url: `/l/${id}`, headers: { 'user-agent': TELEGRAM } });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['cache-control'], id).toBe('no-store');
      expect(res.headers['x-robots-tag'], id).toBe('noindex');
      expect(head(res.body), id).toContain('<meta name="robots" content="noindex">');
      expect(meta(res.body, 'og:title'), id).toBeUndefined();
      expect(res.body, id).not.toContain('Hidden by moderation');
      expect(title(res.body), id).toBe(`${enSeo.pages.notFound.title} · ${enSeo.site}`);
    }
  });

  it('a listing seen live, then hidden, answers 404 at once (no kept copy)', async () => {
    const id = (await createLiveListing(t, owner, { title: 'Soon hidden' }))._id;
    expect((await t.request({ method: 'GET', url: `/l/${id}` })).statusCode).toBe(200);
    await hideListing(t, id);
    const res = await t.request({ method: 'GET', url: `/l/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Soon hidden');
  });
});

describe('the public pages', () => {
  const pages = [
    ['/', 'home'],
    ['/browse', 'browse'],
    ['/tenant/welcome', 'tenantWelcome'],
    ['/landlord/welcome', 'landlordWelcome'],
    ['/delala/welcome', 'delalaWelcome'],
    ['/login', 'login'],
    ['/signup', 'signup'],
    ['/privacy', 'privacy'],
    ['/terms', 'terms'],
  ] as const;

  it('each has its own title and description in the visitor language, a canonical URL and hreflang alternates', async () => {
    const titles = new Set<string>();
    for (const [url, name] of pages) {
      for (const [lng, texts] of [
        ['en', enSeo],
        ['am', amSeo],
      ] as const) {
        const html = (await t.request({ method: 'GET', url, headers: { cookie: `betoch_lng=${lng}`, host: 'betoch.example' } })).body;
        const expected = name === 'home' ? texts.pages.home.title : `${texts.pages[name].title} · ${texts.site}`;
        expect(title(html), `${url} ${lng}`).toBe(expected);
        expect(meta(html, 'description'), `${url} ${lng}`).toBe(texts.pages[name].description);
        expect(head(html).match(/<title>/g), url).toHaveLength(1);
        expect(head(html).match(/<meta name="description"/g), url).toHaveLength(1);
        expect(head(html)).toContain(`<link rel="canonical" href="http://betoch.example${url}">`);
        expect(head(html)).toContain(`hreflang="${lng === 'en' ? 'am' : 'en'}"`);
        titles.add(expected);
      }
    }
    expect(titles.size).toBe(pages.length * 2);
  });

  it('/browse keeps its filters in the canonical URL, sorted, without the language', async () => {
    const html = (await t.request({ method: 'GET', url: '/browse?type=villa&lng=am&subcity=Bole', headers: { host: 'betoch.example' } })).body;
    expect(head(html)).toContain('<link rel="canonical" href="http://betoch.example/browse?subcity=Bole&amp;type=villa">');
    expect(html).toContain('<html lang="am"');
  });

  it('a view of a page drawn for the browser without JavaScript (a photo full-screen, a step of the wizard) has the page itself as canonical', async () => {
    const photo = (await t.request({ method: 'GET', url: `/l/${live._id}?photo=1&utm_source=tg`, headers: { host: 'betoch.example' } })).body;
    expect(head(photo)).toContain(`<link rel="canonical" href="http://betoch.example/l/${live._id}?utm_source=tg">`);
    const step = (await t.request({ method: 'GET', url: '/landlord/welcome?step=3', headers: { host: 'betoch.example' } })).body;
    expect(head(step)).toContain('<link rel="canonical" href="http://betoch.example/landlord/welcome">');
  });

  it('signed-in screens keep the page as the build wrote it', async () => {
    const html = (await t.request({ method: 'GET', url: '/wallet' })).body;
    expect(title(html)).toBe('Betoch');
    expect(head(html)).not.toContain('rel="canonical"');
  });
});

describe('the sitemap and robots.txt', () => {
  function locs(xml: string): string[] {
    return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
  }

  it('/sitemap.xml lists exactly the listings everyone can see', async () => {
    const res = await t.request({ method: 'GET', url: '/sitemap.xml', headers: { host: 'betoch.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const rows = await t.database.sql.query<{ id: string }>(
      "SELECT id FROM listings WHERE visibility = 'live' AND admin_hidden = false AND (poster_blocked_until IS NULL OR poster_blocked_until <= now())",
    );
    expect(locs(res.body).sort()).toEqual(rows.map((r) => `http://betoch.example/l/${r.id}`).sort());
    expect(locs(res.body)).toContain(`http://betoch.example/l/${live._id}`);
    for (const id of [hiddenId, draftId]) expect(res.body).not.toContain(id);
  });

  it('past the page size it is a sitemap index whose sitemaps together list every listing once', async () => {
    const app = Fastify();
    sitemapRoutes(app, t.ctx, { pageSize: 2 });
    try {
      const index = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'betoch.example' } });
      expect(index.body).toContain('<sitemapindex');
      const children = locs(index.body);
      const all = (await t.request({ method: 'GET', url: '/sitemap.xml', headers: { host: 'betoch.example' } })).body;
      expect(children).toHaveLength(Math.ceil(locs(all).length / 2));
      const listed: string[] = [];
      for (const child of children) {
        const page = await app.inject({ method: 'GET', url: new URL(child).pathname, headers: { host: 'betoch.example' } });
        expect(page.statusCode).toBe(200);
        expect(locs(page.body).length).toBeLessThanOrEqual(2);
        listed.push(...locs(page.body));
      }
      expect(listed.sort()).toEqual(locs(all).sort());
      expect((await app.inject({ method: 'GET', url: `/sitemaps/${children.length + 1}.xml` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('/robots.txt keeps the signed-in screens and the API out and names the sitemap', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt', headers: { host: 'betoch.example' } });
    expect(res.statusCode).toBe(200);
    for (const path of ['/admin', '/wallet', '/chat', '/api/']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain('Sitemap: http://betoch.example/sitemap.xml');
  });
});
