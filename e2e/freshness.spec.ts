import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession } from './support/auth';
import { filtersSheet } from './support/browse-filters';
import { ageListing, confirmLinkFromSms, demoSms } from './support/freshness';
import { tr } from './support/i18n';
import { createLiveListing } from './support/live-listing';

/**
 * Listings that stay true (freshness): the poster answers the 14-day question from the
 * link in the SMS without signing in; a tenant asks 'Is it still available?'; /browse keeps only
 * listings confirmed in the last 7 days when asked; an expired listing is renewed in one tap.
 * The demo server keeps the SMS it would have sent (GET /api/demo/sms) and can make a listing N
 * days unconfirmed and run the freshness job (POST /api/demo/listings/{id}/age).
 */
for (const lang of ['en', 'am'] as const) {
  test.describe(`freshness (${lang})`, () => {
    test('a poster answers the 14-day question from the SMS link, without signing in, once', async ({ page, request }) => {
      const listing = await createLiveListing(request, {
        title: lang === 'am' ? `በቦሌ ያለ ብሩህ አፓርትመንት ${Date.now() % 1e5}` : `Sunny flat near Edna Mall ${Date.now() % 1e5}`,
      });
      await ageListing(request, listing.landlord, listing.id, 14);
      const sms = (await demoSms(request, listing.landlord)).find((text) => text.includes('/confirm/'));
      expect(sms).toContain(listing.title);
      const link = await confirmLinkFromSms(request, listing.landlord);

      // A phone that never signed in opens the link.
      await startInLanguage(page, lang);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'freshness:page.title') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: tr(lang, 'freshness:page.question', { title: listing.title }) })).toBeVisible();
      await page.getByRole('button', { name: tr(lang, 'freshness:page.yes') }).click();
      await expect(page.getByRole('status').filter({ hasText: tr(lang, 'freshness:page.doneAvailable') })).toBeVisible();

      // The listing's page says it was confirmed today.
      await page.goto(`/l/${listing.id}`);
      await expect(page.getByTestId('confirmed-line')).toHaveText(
        `${tr(lang, 'listings:freshness.available')} · ${tr(lang, 'listings:freshness.confirmedToday')}`,
      );

      // The link was single-use.
      await page.goto(link);
      await expect(page.getByText(tr(lang, 'freshness:page.invalidTitle'))).toBeVisible();
      await expect(page.getByRole('button', { name: tr(lang, 'freshness:page.yes') })).toHaveCount(0);
    });

    test("a tenant asks 'Is it still available?' and the poster answers on their listings page", async ({ page, request }) => {
      const listing = await createLiveListing(request);
      const tenant = await apiSignUp(request, { role: 'tenant', name: lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye' });
      await startInLanguage(page, lang);
      await storeSession(page, tenant, `/l/${listing.id}`);
      await page.goto(`/l/${listing.id}`);
      await page.getByRole('button', { name: tr(lang, 'listings:freshness.askButton') }).click();
      await expect(page.getByRole('status').filter({ hasText: tr(lang, 'listings:freshness.asked') })).toBeVisible();
      // The poster got the question by SMS at once.
      expect((await demoSms(request, listing.landlord)).some((text) => text.includes(listing.title) && text.includes('/confirm/'))).toBe(true);

      // Asked once per tenant: a second tap says so and sends nothing new.
      await page.reload();
      await page.getByRole('button', { name: tr(lang, 'listings:freshness.askButton') }).click();
      await expect(page.getByRole('status').filter({ hasText: tr(lang, 'listings:freshness.askedBefore') })).toBeVisible();
      expect((await demoSms(request, listing.landlord)).filter((text) => text.includes('/confirm/'))).toHaveLength(1);

      // The poster sees the question in the app and answers it.
      await storeSession(page, listing.landlord, '/my-listings');
      await page.goto('/my-listings');
      const question = page.getByRole('group', { name: tr(lang, 'freshness:question', { title: listing.title }) });
      await expect(question).toBeVisible();
      await expect(question.getByText(tr(lang, 'freshness:tenantsAsked_one', { count: 1 }))).toBeVisible();
      await question.getByRole('button', { name: tr(lang, 'freshness:yes') }).click();
      await expect(page.getByRole('group', { name: tr(lang, 'freshness:question', { title: listing.title }) })).toHaveCount(0);
      await expect(page.getByRole('button', { name: tr(lang, 'freshness:stillAvailableLabel', { title: listing.title }) })).toBeVisible();
    });

    test("/browse 'Confirmed in the last 7 days' keeps only recently confirmed listings, in the URL", async ({ page, request }) => {
      const stale = await createLiveListing(request);
      const fresh = await createLiveListing(request);
      await ageListing(request, stale.landlord, stale.id, 8);
      await startInLanguage(page, lang);
      await page.goto('/browse');
      const staleCard = page.locator(`a[href="/l/${stale.id}"]`).first();
      const freshCard = page.locator(`a[href="/l/${fresh.id}"]`).first();
      await expect(staleCard).toBeVisible();
      const sheet = await filtersSheet(page, lang);
      await sheet.getByLabel(tr(lang, 'listings:filters.confirmed')).check();
      await expect(page).toHaveURL(/[?&]confirmed=7(&|$)/);
      await page.keyboard.press('Escape');
      await expect(freshCard).toBeVisible();
      await expect(page.locator(`a[href="/l/${stale.id}"]`)).toHaveCount(0);
      // A shared link keeps the filter.
      await page.goto('/browse?confirmed=7');
      await expect(page.getByRole('button', { name: new RegExp(tr(lang, 'listings:filters.confirmed')) }).first()).toBeVisible();
      await expect(page.locator(`a[href="/l/${fresh.id}"]`).first()).toBeVisible();
      await expect(page.locator(`a[href="/l/${stale.id}"]`)).toHaveCount(0);
    });

    test('a listing unconfirmed for 30 days expires and its poster renews it in one tap', async ({ page, request }) => {
      const listing = await createLiveListing(request);
      await ageListing(request, listing.landlord, listing.id, 30);
      expect((await request.get(`/api/listings/${listing.id}`)).status()).toBe(404);
      await startInLanguage(page, lang);
      await storeSession(page, listing.landlord, '/my-listings');
      await page.goto('/my-listings');
      await expect(page.getByText(tr(lang, 'freshness:expiredUnconfirmed'))).toBeVisible();
      await page.getByRole('button', { name: tr(lang, 'freshness:renewLabel', { title: listing.title }) }).click();
      await expect(page.getByRole('button', { name: tr(lang, 'freshness:stillAvailableLabel', { title: listing.title }) })).toBeVisible();
      expect((await request.get(`/api/listings/${listing.id}`)).status()).toBe(200);
    });
  });
}
