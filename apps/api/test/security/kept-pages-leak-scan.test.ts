import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../support/login.ts';
import { drawnText, writeRenderingWebDist } from '../support/web-dist.ts';
import { keptPageTexts } from '../../src/plugins/server-render.ts';
import { drawnPages, leaksIn, seedMarket, type Market } from './market.ts';

/**
 * The pages the server keeps drawn (decision 0017) are shared by every visitor: the cache is
 * filled by readers who paid, the poster and others, with their sessions, and the leak scanner of
 * paywall-leak-scan.test.ts then reads every page kept: no poster's phone, no locked owner reply.
 */

let m: Market;
let webDist: string;
beforeAll(async () => {
  webDist = writeRenderingWebDist();
  m = await seedMarket({ WEB_DIST: webDist });
}, 600_000);
afterAll(async () => {
  await m.t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function page(url: string, who: SignedIn | null, headers: Record<string, string> = {}) {
  return m.t.request({ method: 'GET', url, headers: { ...(who?.auth ?? {}), ...headers } });
}

describe('pages kept drawn', () => {
  it("hold no poster's phone and no locked reply, though readers who paid and the poster filled them", async () => {
    const urls = drawnPages(m, ['/privacy', '/terms']);
    // Those who may see more draw first: the paying tenant, each poster (their own listing), an admin.
    const readers = [m.tenantPaid, m.landlordShow, m.landlordHide, m.broker, m.admin, null];
    const bodies = new Map<string, string>();
    for (const who of readers) {
      for (const url of urls) {
        const res = await page(url, who, { 'accept-language': 'en' });
        // Each reader gets the very same page: the one kept.
        if (bodies.has(url)) expect(res.body, url).toBe(bodies.get(url));
        else bodies.set(url, res.body);
      }
    }
    // Asked compressed, as phones ask, a kept page keeps its compressed bytes alone, not its text
    // (page-compression.ts, pageBody): the scan below reads those.
    for (const [who, encoding] of [
      [m.tenantPaid, 'br'],
      [m.admin, 'gzip'],
    ] as const) {
      for (const url of urls) {
        const res = await page(url, who, { 'accept-language': 'en', 'accept-encoding': encoding });
        expect(res.headers['content-encoding'], url).toBe(encoding);
        const text = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
        expect(text.toString('utf8'), url).toBe(bodies.get(url));
      }
    }
    const kept = keptPageTexts(m.t.app);
    // Every page was kept, each listing's page with its listing drawn (the draft is a 404).
    expect(kept.length).toBeGreaterThanOrEqual(urls.length);
    expect(kept.filter((html) => html.includes('property="og:title"') && /ETB|ብር/.test(drawnText(html)))).toHaveLength(
      (Object.keys(m.listings).length - 1) * 2,
    );
    const phones = m.posters.map((p) => p.phone);
    expect(kept.flatMap((html) => leaksIn(html, phones))).toEqual([]);
  }, 600_000);

  it('show an edit of the listing at once', async () => {
    const url = `/l/${m.listings.show}`;
    expect(drawnText((await page(url, null)).body)).not.toContain('Renamed sunny flat');
    const edit = await m.t.request({
      method: 'PATCH',
      url: `/api/listings/${m.listings.show}`,
      headers: m.landlordShow.auth,
      payload: { title: 'Renamed sunny flat' },
    });
    expect(edit.statusCode).toBe(200);
    expect(drawnText((await page(url, null)).body)).toContain('Renamed sunny flat');
  }, 120_000);
});
