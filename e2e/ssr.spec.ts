import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';

/**
 * The public pages come drawn by the server with React's own renderer: a phone without
 * JavaScript reads them whole in the visitor's language, and the browser then hydrates that very
 * HTML: no console error, no hydration mismatch, no node of the server's page thrown away.
 */

const LANGS = ['en', 'am'] as const satisfies readonly Lang[];
const SHOTS = path.join('test-results', 'ssr');

async function visitorWithoutJs(browser: Browser, baseURL: string, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 }, baseURL });
  await context.addCookies([{ name: 'betoch_lng', value: lang, url: baseURL }]);
  return context.newPage();
}

for (const lang of LANGS) {
  test(`with JavaScript off, /browse and /l/{id} read whole and their links work (${lang})`, async ({ browser, request, baseURL }) => {
    const listing = await createLiveListing(request);
    const page = await visitorWithoutJs(browser, baseURL!, lang);
    try {
      await page.goto('/browse');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();
      // The newest listing's card: its title, price and subcity, a link to its page.
      const card = page.locator(`a[href="/l/${listing.id}"]`).first();
      await expect(card).toBeVisible();
      const cardItem = page.getByRole('listitem').filter({ has: card });
      await expect(cardItem).toContainText(listing.title);
      await expect(cardItem).toContainText('25,000');
      await expect(cardItem).toContainText(tr(lang, 'listings:subcities.Bole'));
      expect(await page.locator('a[href^="/l/"]').count()).toBeGreaterThan(1);
      await page.screenshot({ path: path.join(SHOTS, `browse-nojs-${lang}.png`) });

      // The card's link, followed without any script: the listing's own page.
      await card.click();
      await expect(page).toHaveURL(new RegExp(`/l/${listing.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
      await expect(page.getByText('25,000').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: tr(lang, 'listings:detail.factsTitle') })).toBeVisible();
      await expect(page.getByRole('heading', { name: tr(lang, 'listings:detail.descriptionTitle') })).toBeVisible();
      await expect(page.getByText('Bright apartment with a balcony')).toBeVisible();
      await expect(page.getByText(tr(lang, 'listings:subcities.Bole'), { exact: false }).first()).toBeVisible();
      const photo = page.locator('main img').first();
      await expect(photo).toHaveAttribute('src', /^\/media\//);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // Nothing paid for: the poster's phone is nowhere in the page.
      const html = await page.content();
      expect(html).not.toContain(listing.landlord.phone.slice(1));
      await page.screenshot({ path: path.join(SHOTS, `listing-nojs-${lang}.png`) });
    } finally {
      await page.context().close();
    }
  });

  test(`with JavaScript off, /browse lists every listing of a page and 'Show more homes' leads on to the next (${lang})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    type Page = { listings: Array<{ _id: string }>; next_cursor: string | null };
    const first = (await (await request.get('/api/listings?visibility=live&limit=20')).json()) as Page;
    expect(first.next_cursor, 'the demo data has more than one page').toBeTruthy();
    const second = (await (await request.get(`/api/listings?visibility=live&limit=20&cursor=${first.next_cursor}`)).json()) as Page;
    const page = await visitorWithoutJs(browser, baseURL!, lang);
    try {
      await page.goto('/browse');
      // The server draws the first cards; the rest of the page are plain links: none is skipped.
      for (const listing of first.listings) await expect(page.locator(`main a[href="/l/${listing._id}"]`).first()).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `browse-nojs-links-${lang}.png`), fullPage: true });
      await page.getByRole('link', { name: tr(lang, 'listings:browse.showMore') }).click();
      await expect(page).toHaveURL(/\/browse\?cursor=/);
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();
      for (const listing of second.listings) await expect(page.locator(`main a[href="/l/${listing._id}"]`).first()).toBeVisible();
      for (const listing of first.listings) await expect(page.locator(`main a[href="/l/${listing._id}"]`)).toHaveCount(0);
      await page.getByRole('link', { name: tr(lang, 'listings:browse.fromNewest') }).click();
      await expect(page).toHaveURL(/\/browse$/);
      await expect(page.locator(`main a[href="/l/${first.listings[0]!._id}"]`).first()).toBeVisible();
    } finally {
      await page.context().close();
    }
  });
}

/**
 * Console errors and warnings and uncaught errors; and whether the page's heading is still the
 * element the server sent (a hydration mismatch, or a page drawn anew, replaces it).
 */
async function watchHydration(page: Page): Promise<{ problems: string[]; headingFromServer: () => Promise<boolean> }> {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    // The whole HTML is parsed, no script of the page has run yet: the server's heading is marked.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const heading = document.querySelector('#root h1') as (Element & { fromServer?: boolean }) | null;
      if (heading) heading.fromServer = true;
    });
  });
  return {
    problems,
    headingFromServer: () => page.evaluate(() => (document.querySelector('#root h1') as (Element & { fromServer?: boolean }) | null)?.fromServer === true),
  };
}

const PAGES = ['/', '/browse', '/browse?subcity=Bole', '/tenant/welcome', '/landlord/welcome', '/delala/welcome', '/login', '/signup', '/privacy', '/terms'];

for (const lang of LANGS) {
  test(`each public page hydrates the server's HTML with a clean console (${lang})`, async ({ page, request, baseURL }) => {
    const listing = await createLiveListing(request);
    await page.context().addCookies([{ name: 'betoch_lng', value: lang, url: baseURL! }]);
    const { problems, headingFromServer } = await watchHydration(page);
    const listingCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/listings')) listingCalls.push(req.url());
    });
    for (const url of [...PAGES, `/l/${listing.id}`]) {
      const answer = await page.goto(url);
      expect(answer?.status(), url).toBe(200);
      // Drawn by the server: the page's heading is in the HTML as sent.
      expect(await answer!.text(), url).toMatch(/<h1[^>]*>/);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Hydrated (the app answers taps), and every lazy part of the page has come in.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      expect(await headingFromServer(), `${url}: the server's heading was thrown away (a hydration mismatch?)`).toBe(true);
    }
    // The data came with the pages: no listing call of the browser's own.
    expect(listingCalls).toEqual([]);
    expect(problems).toEqual([]);

    // Hydrated means working: a tap on a card opens its listing without a page load (page.goto
    // waits for the app to start, e2e/support/fixtures.ts).
    await page.goto('/browse');
    await page.evaluate(() => ((window as Window & { samePage?: boolean }).samePage = true));
    await page.locator(`a[href="/l/${listing.id}"]`).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
    expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(true);
    expect(problems).toEqual([]);
  });
}
