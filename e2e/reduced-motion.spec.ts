import type { Page, Route } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { startInLanguage } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { MOTION_LIMIT_MS, motion } from './support/motion';
import { filtersSheet } from './support/browse-filters';

/**
 * Reduced motion: with `prefers-reduced-motion: reduce`, nothing on screen moves for
 * longer than 10 ms: no running CSS animation (document.getAnimations(), its active duration)
 * and no element whose computed transition or animation duration is over 0.01 s (e2e/support/motion.ts).
 * Every screen as it settles is checked by e2e/screen-checks.spec.ts; here, in English and Amharic,
 * the moving parts caught while they move: the browse skeleton cards (a filtered search, its
 * listings call held back), the busy spinner of a button (the code request held back), and an open modal.
 * The rule that does it is the reduced-motion block at the end of apps/web/src/styles/global.css;
 * the spinner keeps a still ring, so a busy button still shows it is busy (aria-busy as well).
 *
 * A control test shows the same parts do move without the preference, so the check can see
 * motion at all.
 */

// Calls are held back with page.route, which a service worker's own fetches would bypass.
test.use({ serviceWorkers: 'block' });

/** Holds back the matching calls until `release` is called. */
function holdBack(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return page
    .route(pattern, async (route: Route) => {
      await gate;
      await route.fallback();
    })
    .then(() => release);
}

/** The moving parts of the app, caught while they move; answers what moved on each. */
async function movingParts(page: Page, lang: Lang): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  // Skeleton cards while the listings load: a filter chosen on /browse (the page itself comes
  // drawn by the server with its listings, and draws no skeleton).
  await page.goto('/browse');
  await page.waitForLoadState('networkidle');
  const releaseListings = await holdBack(page, /\/api\/listings(\?|$)/);
  await (await filtersSheet(page, lang)).getByLabel(tr(lang, 'listings:filters.type')).selectOption('apartment');
  await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
  found.skeleton = await motion(page);
  releaseListings();
  await page.unroute(/\/api\/listings(\?|$)/);

  // A busy button's spinner while the code is requested.
  await page.goto('/login');
  await page.getByLabel(tr(lang, 'auth:phone.label')).fill('0911223344');
  const releaseOtp = await holdBack(page, /\/api\/auth\/request-otp/);
  await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
  await expect(page.locator('button[aria-busy="true"]')).toBeVisible();
  found.spinner = await motion(page);
  releaseOtp();
  await page.unroute(/\/api\/auth\/request-otp/);

  // An open modal (the safety tips of a listing).
  const listing = ((await (await page.request.get('/api/listings?limit=1')).json()) as { listings: Array<{ _id: string }> }).listings[0]!._id;
  await page.goto(`/l/${listing}`);
  await page.getByRole('button', { name: tr(lang, 'listings:safety.link') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.modal = await motion(page);
  return found;
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`reduced motion: skeletons, spinners and modals do not move (${lang})`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await startInLanguage(page, lang);
    const failures: string[] = [];
    for (const [part, moved] of Object.entries(await movingParts(page, lang))) for (const m of moved) failures.push(`${part} [${lang}]: ${m}`);
    expect(failures, `moving for more than ${MOTION_LIMIT_MS} ms with reduced motion:\n${failures.join('\n')}`).toEqual([]);
  });
}

test('control: without the preference the skeleton and the spinner do move (the check sees motion)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await startInLanguage(page, 'en');
  const found = await movingParts(page, 'en');
  expect((found.skeleton ?? []).join('\n')).toMatch(/running .* for ever/);
  expect((found.spinner ?? []).join('\n')).toMatch(/running .* for ever/);
});
