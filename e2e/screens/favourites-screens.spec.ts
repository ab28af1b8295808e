import { test, expect } from '../support/fixtures';
import { apiSignUp, startInLanguage, storeSession } from '../support/auth';
import type { Lang } from '../support/i18n';
import { createLiveListing } from '../support/live-listing';
import { settle } from '../support/screens';

/**
 * Screenshots of the favourites, share and fair-price screens at 360x800 in English and Amharic: /saved empty and filled
 * (one listing no longer available), and /l/{id} with the heart, Share and the fair-price line.
 *   SCREENSHOTS=1 npx playwright test e2e/screens/favourites-screens.spec.ts
 * The pictures land in screenshots/favourites/ (not committed).
 */
test('favourites, share and fair price @screens', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const band = [];
  for (const priceEtb of [52_000, 60_000, 62_000, 64_000, 66_000, 70_000, 72_000, 75_000]) {
    band.push(await createLiveListing(request, { type: 'villa', bedrooms: 17, priceEtb, title: `Villa with a garden ${priceEtb}` }));
  }
  const gone = await createLiveListing(request, { title: 'Flat near Bole Medhanealem' });
  const tenant = await apiSignUp(request);
  for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
    await startInLanguage(page, lang);
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), lang).catch(() => undefined);
    const fresh = await apiSignUp(request);
    await storeSession(page, fresh, '/saved');
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), lang);
    await page.goto('/saved');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await settle(page);
    await page.screenshot({ path: `screenshots/favourites/${lang}-saved-empty.png`, fullPage: true });

    await storeSession(page, tenant, `/l/${band[0]!.id}`);
    await expect(page.getByTestId('fair-price')).toBeVisible();
    await expect(page.getByTestId('favourite-heart')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: `screenshots/favourites/${lang}-listing.png` });
    if (lang === 'en') {
      await page.getByTestId('favourite-heart').click();
      await expect(page.getByTestId('favourite-heart')).toHaveAttribute('aria-pressed', 'true');
      await page.goto(`/l/${gone.id}`);
      await page.getByTestId('favourite-heart').click();
      await expect(page.getByTestId('favourite-heart')).toHaveAttribute('aria-pressed', 'true');
      const rented = await request.fetch(`/api/listings/${gone.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${gone.landlord.token}` },
        data: { visibility: 'draft' },
      });
      expect(rented.ok()).toBe(true);
    }
    await page.goto('/saved');
    await settle(page);
    await page.screenshot({ path: `screenshots/favourites/${lang}-saved-filled.png`, fullPage: true });
    await page.goto('/browse');
    await settle(page);
    await expect(page.getByTestId('favourite-heart').first()).toBeVisible();
    await page.screenshot({ path: `screenshots/favourites/${lang}-browse-hearts.png` });
  }
});
