import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';

/**
 * Every public page, opened by the link a search engine lists for each language (`?lng=`): it
 * shows in that language with its own head (title, description, canonical, hreflang), and the
 * browser console stays clean: no error, no warning, no uncaught exception.
 */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The page's URL without its language, its query parameters sorted. */
function canonicalOf(path: string, base: string): string {
  const url = new URL(path, base);
  url.searchParams.sort();
  return url.toString();
}

const PAGES = [
  '/',
  '/browse',
  '/browse?subcity=Bole&type=apartment',
  '/tenant/welcome',
  '/landlord/welcome',
  '/delala/welcome',
  '/login',
  '/signup',
  '/privacy',
  '/terms',
];

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`each public page shows in its link's language with its own head and a clean console (${lang})`, async ({ page, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    const problems = consoleProblems(page);
    const titles = new Set<string>();
    for (const path of [...PAGES, `/l/${listing.id}`]) {
      const url = `${path}${path.includes('?') ? '&' : '?'}lng=${lang}`;
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.locator('h1, h2').first(), url).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html'), url).toHaveAttribute('lang', lang);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical, url).toBe(canonicalOf(path, page.url()));
      await expect(page.locator('link[rel="alternate"][hreflang="en"]'), url).toHaveCount(1);
      await expect(page.locator('link[rel="alternate"][hreflang="am"]'), url).toHaveCount(1);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description, url).toBeTruthy();
      titles.add((await page.locator('head > title').textContent()) ?? '');
    }
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      new RegExp(`^${listing.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `),
    );
    // /browse with and without filters share a title; every other page has its own.
    expect(titles.size).toBe(PAGES.length);
    expect(problems).toEqual([]);
  });
}
