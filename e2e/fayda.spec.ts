import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { startInLanguage, storeSession } from './support/auth';
import { filtersSheet } from './support/browse-filters';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';

/**
 * 'Verified with Fayda' (run with playwright.fayda.config.ts: the server with Fayda configured and
 * the local eSignet-like provider): a landlord verifies from /account at the provider's page and
 * comes back verified; the badge shows on the listing's card and page, and 'Verified posters only'
 * on /browse finds it and leaves an unverified poster's listing out.
 */

const JOURNEYS = [
  { lang: 'en', individualId: '1234567890123401', name: 'Abebe Kebede' },
  { lang: 'am', individualId: '1234567890123402', name: 'Almaz Tesfaye' },
] as const satisfies ReadonlyArray<{ lang: Lang; individualId: string; name: string }>;

const SHOTS = path.resolve('test-results/screens/fayda');

for (const { lang, individualId, name } of JOURNEYS) {
  test(`a landlord verifies with Fayda; the badge and the filter show it (${lang})`, async ({ page, request }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const listing = await createLiveListing(request);
    const unverified = await createLiveListing(request);
    await startInLanguage(page, lang);
    await storeSession(page, listing.landlord, '/my-listings');
    // Offered on /my-listings and at the start of posting too.
    await expect(page.getByRole('region', { name: tr(lang, 'fayda:offer.heading') })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `my-listings-offer-${lang}.png`) });
    await page.goto('/post/owner');
    await expect(page.getByRole('region', { name: tr(lang, 'fayda:offer.heading') })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `posting-offer-${lang}.png`) });
    await page.goto('/account');

    const offer = page.getByRole('region', { name: tr(lang, 'fayda:offer.heading') });
    await expect(offer).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `account-offer-${lang}.png`), fullPage: true });
    await offer.getByRole('button', { name: tr(lang, 'fayda:offer.button') }).click();

    // The provider's own login page.
    await expect(page.getByRole('heading', { name: 'Local Fayda (eSignet)' })).toBeVisible();
    await page.getByLabel('Fayda individual ID (FIN/UIN)').fill(individualId);
    await page.getByRole('button', { name: 'Verify and share' }).click();

    // Back on our return page, verified.
    await expect(page).toHaveURL(/\/account\/fayda\?/);
    await expect(page.getByText(tr(lang, 'fayda:return.done'))).toBeVisible();
    await expect(page.getByText(tr(lang, 'fayda:verified.name', { name }))).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `return-${lang}.png`), fullPage: true });
    await page.goto('/account');
    await expect(page.getByRole('region', { name: tr(lang, 'fayda:verified.heading') })).toBeVisible();

    // A tenant's view: /browse with 'Verified posters only'.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/browse');
    const card = page.locator('article').filter({ has: page.locator(`a[href="/l/${listing.id}"]`) });
    await expect(card).toBeVisible();
    await expect(card.getByText(tr(lang, 'common:faydaBadge.text'), { exact: true })).toBeVisible();
    const sheet = await filtersSheet(page, lang);
    await sheet.getByLabel(tr(lang, 'listings:filters.verified')).check();
    await expect(page).toHaveURL(/[?&]verified=1(&|$)/);
    await page.keyboard.press('Escape');
    await expect(card).toBeVisible();
    await expect(page.locator(`a[href="/l/${unverified.id}"]`)).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, `browse-verified-${lang}.png`), fullPage: true });

    // The listing's page: the badge and the verified name.
    await page.goto(`/l/${listing.id}`);
    await expect(page.getByText(tr(lang, 'common:faydaBadge.text'), { exact: true })).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `listing-${lang}.png`), fullPage: true });
  });
}
