import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { startInLanguage, switchLanguage } from './support/auth';
import { tr, type Lang } from './support/i18n';

/** The result cards on /browse. */
function cards(page: Page): Locator {
  return page.getByRole('list', { name: /Search results|የፍለጋ ውጤቶች/ }).getByRole('article');
}

/** The titles of a page of results, once all 20 cards are drawn (the first page draws a few per task). */
async function cardTitles(page: Page): Promise<string[]> {
  await expect(cards(page)).toHaveCount(20);
  return cards(page).getByRole('heading', { level: 3 }).allTextContents();
}

/** Every URL path the service worker has stored, over all its caches. */
function storedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`offline, /browse opens from the app shell with the last results and the offline banner (${lang})`, async ({ page, context }) => {
    await startInLanguage(page, lang);
    await page.goto('/browse');
    await expect(cards(page).first()).toBeVisible();
    // The worker installs after the first load and takes control of the page.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    // Online, through the worker now: it keeps this browse answer and the page's texts.
    await page.reload();
    const online = await cardTitles(page);
    const banner = page.getByText(tr(lang, 'common:offline.banner'));
    await expect(banner).toHaveCount(0);

    // A listing's own page and its contact state: answers the worker must never keep.
    await cards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/l\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(cards(page).first()).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();
    expect(await cardTitles(page)).toEqual(online);

    // Of the API, only the public browse list was stored.
    const stored = await storedPaths(page);
    expect(stored).toContain('/api/listings');
    expect(stored.filter((p) => p.startsWith('/api/') && p !== '/api/listings')).toEqual([]);

    // The other language's texts were never loaded online: they come with the shell.
    const other: Lang = lang === 'en' ? 'am' : 'en';
    await switchLanguage(page, other);
    await expect(page.getByText(tr(other, 'common:offline.banner'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: tr(other, 'listings:browse.title') })).toBeVisible();

    // Back online: the banner goes.
    await context.setOffline(false);
    await expect(page.getByText(tr(other, 'common:offline.banner'))).toHaveCount(0);
  });
}

test('data saver: photos wait for a tap, one tap loads one photo, and the choice is remembered', async ({ page }) => {
  const lang: Lang = 'am';
  await startInLanguage(page, lang);
  const photoRequests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/')) photoRequests.push(pathname);
  });
  await page.goto('/browse');
  await expect(cards(page).first().locator('img')).toBeVisible();
  await expect.poll(() => photoRequests.length).toBeGreaterThan(0);

  const toggle = page.getByRole('button', { name: tr(lang, 'common:dataSaver.label') });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  photoRequests.length = 0;
  await expect(cards(page)).toHaveCount(20);
  const tapToLoad = page.getByRole('button', { name: tr(lang, 'common:dataSaver.tapToLoad') });
  await expect(tapToLoad).toHaveCount(20);
  // Scroll past every card, then let the network settle: no photo is asked for.
  await cards(page).last().scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(photoRequests).toEqual([]);
  await expect(page.locator('img[src*="/media/"]')).toHaveCount(0);

  // One tap: that photo only.
  const first = cards(page).first();
  await first.getByRole('button', { name: tr(lang, 'common:dataSaver.tapToLoad') }).click();
  const img = first.locator('img');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(tapToLoad).toHaveCount(19);
  const keys = new Set(photoRequests.map((p) => p.split('/')[2]));
  expect(keys.size).toBe(1);

  // Remembered on this device.
  await page.reload();
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole('button', { name: tr(lang, 'common:dataSaver.label') })).toHaveAttribute('aria-pressed', 'true');
  await expect(tapToLoad).toHaveCount(20);
});
