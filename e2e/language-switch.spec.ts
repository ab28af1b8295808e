import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession, switchLanguage } from './support/auth';
import { tr } from './support/i18n';
import { languageSwitchProblems } from './support/layout';

/**
 * The language switch stays at hand after switching, signed in (every screen's own check of the
 * switch, the top bar and covered controls is in e2e/screen-checks.spec.ts).
 */
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
