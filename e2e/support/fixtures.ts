import { test as base, expect, type Page } from '@playwright/test';

/** 10.x.y.z, different for every test. */
function randomClientAddress(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

/**
 * A page drawn by the server shows before the app's code has come (it asks for it once the page is
 * shown, docs/decisions/0012): its links work, its buttons do nothing until the app has started.
 * After a page.goto or page.reload, a journey waits for the app's mark (`<html data-app="started">`,
 * apps/web/src/main.tsx) and for the code of the page's lazy parts (they hydrate once it has
 * come), as a person waits for a page to be ready; a page drawn in the browser (no boot script) is
 * ready when its elements are there.
 */
async function appStarted(page: Page): Promise<void> {
  if (!(await page.evaluate(() => Boolean(document.querySelector('script[data-boot]'))))) return;
  await page.waitForFunction(() => document.documentElement.dataset.app === 'started', undefined, { timeout: 20_000 });
  // The page's lazy parts (a listing's contact panel) hydrate once their code has come.
  await page.waitForLoadState('networkidle');
}

/**
 * Journeys import `test` and `expect` from here. Each test presents its own client address
 * (X-Forwarded-For; the e2e server runs with TRUST_PROXY=true), so the server's per-IP limit of
 * 30 codes an hour applies per test, as it would per person, and a long run never trips it.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': randomClientAddress() });
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await appStarted(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await appStarted(page);
        return response;
      };
    }
    await use(page);
  },
});

export { expect };
