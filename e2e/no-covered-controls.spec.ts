import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession, switchLanguage } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { coveredControls, languageSwitchProblems, truncatedTopBarLabels } from './support/layout';
import { PERSONAS, startAs, visitEveryScreen } from './support/screens';

/**
 * Nothing covers a control, the language switch is always at hand, every top-bar label fits.
 * On every screen of the route table (e2e/support/screens.ts) with its
 * steps (signup steps 2 and 3, the welcome wizard's five steps), signed out and as each role, at
 * 360 x 800, in English and Amharic:
 * - no visible control is covered by another element at its centre or inner points (a tap on it
 *   lands on it), once brought into view as far as the page scrolls;
 * - the language switch is visible, inside the viewport where the page opens and not covered;
 * - no label of the top bar is cut (ellipsis, clipped) or pushed off the screen.
 * How each is measured: e2e/support/layout.ts. A failure lists every problem with its screen.
 */
for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  for (const persona of PERSONAS) {
    test(`no covered control, the language at hand, every top-bar label whole: ${persona}, ${lang}`, async ({ page, request }) => {
      test.setTimeout(240_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startInLanguage(page, lang);
      const ids = await startAs(page, request, persona, lang);
      const failures: string[] = [];
      let screens = 0;
      const check = async (label: string) => {
        screens += 1;
        for (const p of await languageSwitchProblems(page, lang)) failures.push(`${label}: language: ${p}`);
        for (const p of await truncatedTopBarLabels(page, lang)) failures.push(`${label}: top bar: ${p}`);
        for (const p of await coveredControls(page)) failures.push(`${label}: covered: ${p}`);
      };
      await visitEveryScreen(page, persona, lang, ids, check, { steps: true });
      expect(screens).toBeGreaterThan(0);
      expect(failures, `${failures.length} problems:\n${failures.join('\n')}`).toEqual([]);
    });
  }
}

test('a signed-in landlord switches to Amharic and back from the top bar of their listings', async ({ page, request }) => {
  await startInLanguage(page, 'en');
  const landlord = await apiSignUp(request, { role: 'landlord', name: 'Abebe Kebede' });
  await storeSession(page, landlord, '/my-listings');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: tr('en', 'common:nav.myListings') }).first()).toBeVisible();

  expect(await languageSwitchProblems(page, 'en')).toEqual([]);
  await switchLanguage(page, 'am');
  await expect(banner.getByRole('link', { name: tr('am', 'common:nav.myListings') }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('am', 'listings:mine.welcome', { name: 'Abebe Kebede' }));

  expect(await languageSwitchProblems(page, 'am')).toEqual([]);
  await switchLanguage(page, 'en');
  await expect(banner.getByRole('link', { name: tr('en', 'common:nav.myListings') }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'listings:mine.welcome', { name: 'Abebe Kebede' }));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
