import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';

/**
 * The first screens: /browse and /l/{id} come with their first answer and name their
 * code, texts and first photo, so a visitor's phone makes no call of its own for them and fetches
 * every file once. Someone signed in still gets their own answer from the server.
 */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/listings')) calls.push(`${req.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

/**
 * Every file asked for more than once since the last page load began (a preload the page did not
 * use is asked for again). The tab's icon is left out: the browser fetches it on its own, once
 * the app names it after the first screen (lib/app-links.ts), and now and then twice around a
 * page change; it is not one of the first screen's files.
 */
function fetchedTwice(page: Page): () => string[] {
  let seen = new Map<string, number>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen = new Map();
  });
  page.on('request', (req) => {
    if (req.url().startsWith('data:') || req.isNavigationRequest() || new URL(req.url()).pathname === '/favicon.svg') return;
    seen.set(req.url(), (seen.get(req.url()) ?? 0) + 1);
  });
  return () => [...seen].filter(([, n]) => n > 1).map(([url]) => url);
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`a visitor's /browse and /l/{id} show with no call of their own and every file fetched once (${lang})`, async ({ page, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    await startInLanguage(page, lang);
    await page.goto('/'); // the language is remembered, so the pages name the texts in it
    const calls = apiCalls(page);
    const twice = fetchedTwice(page);

    await page.goto('/browse');
    const results = page.getByRole('list', { name: tr(lang, 'listings:browse.resultsLabel') });
    await expect(results.getByRole('article')).toHaveCount(20);
    await expect(results.getByRole('link', { name: listing.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(twice()).toEqual([]);

    await page.goto(`/l/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: tr(lang, 'listings:contact.title.owner') })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(calls.filter((c) => c.startsWith('GET /api/listings?') || c === `GET /api/listings/${listing.id}`)).toEqual([]);
    expect(twice()).toEqual([]);
    // The text files were those of the language shown.
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  });
}

test("the poster signed in gets their own view of their listing, not the page's public answer", async ({ page, request }) => {
  const listing = await createLiveListing(request, { contactPreference: 'show' });
  const calls = apiCalls(page);
  await storeSession(page, listing.landlord, `/l/${listing.id}`);
  await expect(page.getByRole('heading', { name: tr('en', 'listings:manage.title') })).toBeVisible();
  expect(calls).toContain(`GET /api/listings/${listing.id}`);
});
