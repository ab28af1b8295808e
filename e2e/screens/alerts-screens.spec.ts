import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../support/fixtures';
import { apiSignUp, startInLanguage, storeSession } from '../support/auth';
import { tr, type Lang } from '../support/i18n';
import { settle } from '../support/screens';

/**
 * Screenshots of the saved-search alerts at 360x800 in English and Amharic: the save
 * dialog, /notifications empty, the bell with a count, /notifications filled, /saved. Run with:
 *   SCREENSHOTS=1 npx playwright test e2e/screens/alerts-screens.spec.ts
 * The pictures land in screenshots/alerts/ (not committed).
 */
const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/room-1.jpg');

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`saved-search alerts screens (${lang}) @screens`, async ({ page, request, browser }) => {
    const shot = (name: string, fullPage = false) => page.screenshot({ path: `screenshots/alerts/${lang}-${name}.png`, fullPage });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const tenant = await apiSignUp(request, { role: 'tenant', name: lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye' });
    await startInLanguage(page, lang);
    await storeSession(page, tenant, '/browse?subcity=Bole&type=apartment&price_max=20000&q=Sarbet');
    await settle(page);
    await expect(page.getByRole('button', { name: tr(lang, 'alerts:save.button') })).toBeVisible();
    await shot('1-browse-save-button');
    await page.getByRole('button', { name: tr(lang, 'alerts:save.button') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: tr(lang, 'alerts:save.submit') })).toBeVisible();
    await shot('2-save-dialog');
    await dialog.getByRole('button', { name: tr(lang, 'alerts:save.submit') }).click();
    await expect(dialog.getByText(tr(lang, 'alerts:save.saved'))).toBeVisible();
    await shot('3-save-dialog-saved');
    await page.keyboard.press('Escape');

    await page.goto('/notifications');
    await settle(page);
    await shot('4-notifications-empty', true);

    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const landlord = await apiSignUp(other.request, { role: 'landlord' });
    const auth = { authorization: `Bearer ${landlord.token}` };
    for (const [title, price] of [
      ['Bright 2-bedroom apartment in Sarbet', 18_000],
      ['ሳር ቤት አካባቢ ባለ 2 መኝታ አፓርትመንት', 16_500],
    ] as const) {
      const created = await other.request.post('/api/listings', {
        headers: auth,
        data: {
          title,
          description: `${title}. Water tank, guard, parking.`,
          type: 'apartment',
          price_etb: price,
          bedrooms: 2,
          bathrooms: 1,
          specific_location: 'Sarbet',
          subcity: 'Bole',
          contact_preference: 'hide',
        },
      });
      const id = ((await created.json()) as { listing: { _id: string } }).listing._id;
      const up = await other.request.post('/api/uploads', {
        headers: auth,
        multipart: { file: { name: 'room-1.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) } },
      });
      await other.request.patch(`/api/listings/${id}`, { headers: auth, data: { photos: [((await up.json()) as { key: string }).key] } });
      expect((await other.request.post(`/api/listings/${id}/publish`, { headers: auth })).ok()).toBe(true);
    }
    await other.close();
    await expect(page.getByTestId('notification-count')).toHaveText('2');
    await page.getByRole('banner').screenshot({ path: `screenshots/alerts/${lang}-5-bell.png` });
    await page.reload();
    await settle(page);
    await shot('6-notifications-filled', true);
    await page.goto('/saved');
    await settle(page);
    await shot('7-saved', true);
  });
}
