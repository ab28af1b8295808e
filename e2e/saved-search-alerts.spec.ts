import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing, placeWord } from './support/live-listing';

/**
 * Saved searches with alerts: a tenant saves a search on /browse through the dialog,
 * a landlord publishes a matching listing from another browser, and the tenant's bell shows 1
 * within 2 seconds without a reload (server-sent events); the notification opens the listing and
 * is read. In English and Amharic. The search names a place word of its own, so only this
 * journey's listing matches it however many other journeys post in Bole.
 */

for (const lang of ['en', 'am'] as Lang[]) {
  test(`${lang}: a saved search alerts its owner through the bell within 2 s, and the notification opens the listing`, async ({ page, browser, request }) => {
    const word = placeWord('Sefer');
    const tenant = await apiSignUp(request, { role: 'tenant' });
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/browse?subcity=Bole&type=apartment&price_max=20000&q=${word}`);

    // Save the search: the dialog proposes a name from the filters, editable.
    await page.getByRole('button', { name: tr(lang, 'alerts:save.button') }).click();
    const dialog = page.getByRole('dialog', { name: tr(lang, 'alerts:save.title') });
    const name = dialog.getByLabel(tr(lang, 'alerts:save.nameLabel'));
    await expect(name).toHaveValue(lang === 'en' ? `Apartments in ${word}, Bole under 20,000 ETB` : `በ${word}, ቦሌ ከ20,000 ብር በታች የሆኑ አፓርትመንቶች`);
    await name.fill(`${word} flats`);
    await dialog.getByRole('button', { name: tr(lang, 'alerts:save.submit') }).click();
    await expect(dialog.getByText(tr(lang, 'alerts:save.saved'))).toBeVisible();
    await dialog
      .getByRole('button', { name: tr(lang, 'alerts:save.close') })
      .first()
      .click();

    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    // The landlord, in a browser of their own, publishes a listing that matches.
    const landlordBrowser = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const landlord = await apiSignUp(landlordBrowser.request, { role: 'landlord' });
      const title = `Apartment at ${word}`;
      const listingId = (await createLiveListing(landlordBrowser.request, { landlord, title, place: `${word} square`, priceEtb: 18_000 })).id;
      await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 2_000 });
      await expect(bell).toHaveAttribute('aria-label', tr(lang, 'alerts:bell.labelUnread_one', { count: 1 }));

      // The bell opens the list; the notification names the search and opens the listing.
      await bell.click();
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'alerts:notifications.title') })).toBeVisible();
      const item = page.getByTestId('notifications').getByRole('link', { name: new RegExp(title) });
      await expect(item).toContainText(tr(lang, 'alerts:notifications.matched', { name: `${word} flats` }));
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/l/${listingId}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('notification-count')).toHaveCount(0);

      // The saved search shows on /saved; opening it opens /browse with its filters.
      await page.goto('/saved');
      const saved = page.getByTestId('saved-searches').getByRole('link', { name: new RegExp(`${word} flats`) });
      await expect(saved).toContainText(tr(lang, 'alerts:section.newMatches_one', { count: 1 }));
      await saved.click();
      await expect(page).toHaveURL(new RegExp(`/browse\\?q=${word}&type=apartment&subcity=Bole&price_max=20000$`));
      await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    } finally {
      await landlordBrowser.close();
    }
  });
}

test('the eleventh saved search is refused with a clear message', async ({ page, request }) => {
  const tenant = await apiSignUp(request, { role: 'tenant' });
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/saved-searches', {
      headers: { authorization: `Bearer ${tenant.token}` },
      data: { name: `Search ${i}`, filters: { price_max: 10_000 + i } },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await startInLanguage(page, 'en');
  await storeSession(page, tenant, '/browse?subcity=Yeka');
  await page.getByRole('button', { name: tr('en', 'alerts:save.button') }).click();
  const dialog = page.getByRole('dialog', { name: tr('en', 'alerts:save.title') });
  await expect(dialog.getByLabel(tr('en', 'alerts:save.nameLabel'))).toHaveValue('Homes in Yeka');
  await dialog.getByRole('button', { name: tr('en', 'alerts:save.submit') }).click();
  await expect(dialog.getByText(tr('en', 'alerts:save.limit', { max: 10 }))).toBeVisible();
});
