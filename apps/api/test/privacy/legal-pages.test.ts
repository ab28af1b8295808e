import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@betoch/contracts/constants';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { drawnText, ssrStateOf, writeRenderingWebDist } from '../support/web-dist.ts';

/**
 * /privacy and /terms drawn on the server, in the visitor's language, with their own head: a
 * phone without JavaScript, a search engine and a link preview read the whole notice.
 */
const LOCALES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/public/locales');
type Section = { heading: string; paragraphs?: string[]; items?: string[] };
type Legal = {
  contact: { postal: string };
  privacy: { title: string; sections: Section[]; useRights: { heading: string } };
  terms: { title: string; sections: Section[] };
};
type Seo = { site: string; pages: Record<'privacy' | 'terms', { title: string; description: string }> };
const read = <T>(lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')) as T;
const legal = { en: read<Legal>('en', 'legal'), am: read<Legal>('am', 'legal') };
const seo = { en: read<Seo>('en', 'seo'), am: read<Seo>('am', 'seo') };

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = writeRenderingWebDist();
  t = await createTestApp({ WEB_DIST: webDist });
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

async function page(url: string, lng: 'en' | 'am') {
  const res = await t.request({ method: 'GET', url, headers: { cookie: `betoch_lng=${lng}`, host: 'betoch.example' } });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const flat = (s: string) => decode(s).replace(/\s+/g, ' ');

describe.each(['en', 'am'] as const)('the notices in %s', (lng) => {
  it('/privacy holds the whole notice: what is collected, how long it is kept, who sees the phone, the rights and how to use them, the contact', async () => {
    const html = await page('/privacy', lng);
    const text = flat(drawnText(html));
    const texts = legal[lng].privacy;
    expect(html).toMatch(new RegExp(`<h1[^>]*>${texts.title}</h1>`));
    for (const section of texts.sections) {
      expect(text).toContain(section.heading);
      for (const line of [...(section.paragraphs ?? []), ...(section.items ?? [])]) expect(text).toContain(flat(line));
    }
    expect(text).toContain(texts.useRights.heading);
    expect(html).toContain('href="/account"');
    expect(html).toContain('href="mailto:privacy@betoch.et"');
    expect(text).toContain(legal[lng].contact.postal);
    expect(text).toContain(TERMS_VERSION);
    expect(html).toContain('href="/terms"');
    expect(ssrStateOf(html)?.lng).toBe(lng);
  });

  it('/terms holds every section, the version and a link to the Privacy notice', async () => {
    const html = await page('/terms', lng);
    const text = flat(drawnText(html));
    const texts = legal[lng].terms;
    expect(html).toMatch(new RegExp(`<h1[^>]*>${texts.title}</h1>`));
    for (const section of texts.sections) {
      expect(text).toContain(section.heading);
      for (const line of [...(section.paragraphs ?? []), ...(section.items ?? [])]) expect(text).toContain(flat(line));
    }
    expect(text).toContain(TERMS_VERSION);
    expect(html).toContain('href="/privacy"');
  });

  it('each has its own title, description, canonical URL and hreflang alternates', async () => {
    for (const name of ['privacy', 'terms'] as const) {
      const html = await page(`/${name}`, lng);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '')).toBe(`${seo[lng].pages[name].title} · ${seo[lng].site}`);
      expect(decode(/<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? '')).toBe(seo[lng].pages[name].description);
      expect(head).toContain(`<link rel="canonical" href="http://betoch.example/${name}">`);
      expect(head).toContain(`hreflang="en" href="http://betoch.example/${name}?lng=en"`);
      expect(head).toContain(`hreflang="am" href="http://betoch.example/${name}?lng=am"`);
      expect(html).toContain(`<html lang="${lng}"`);
    }
  });
});

describe('the site footer', () => {
  it('links the Privacy notice and the Terms from every public page', async () => {
    for (const url of ['/', '/browse', '/login', '/signup', '/tenant/welcome']) {
      const html = await page(url, 'en');
      expect(html, url).toMatch(/<footer[^>]*>[\s\S]*href="\/privacy"[\s\S]*href="\/terms"[\s\S]*<\/footer>/);
    }
  });
});
