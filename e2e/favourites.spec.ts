import { test, expect } from './support/fixtures';
import { apiSignUp, openAccountMenu, readDemoCode, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { randomPhone } from './support/phones';

/**
 * Favourites: the heart on a card and on /l/{id}, the signed-out visitor who signs up
 * and comes back with the listing saved, the bell's 'A home you saved is no longer available' when
 * its landlord marks it rented, /saved with its 'No longer available' mark and its empty state, and
 * the poster's count on /my-listings.
 */

const unique = (what: string) => `${what} ${Math.floor(Math.random() * 1e6)}`;

test('a signed-out visitor taps the heart on a card, signs up, comes back with it saved and finds it on /saved (en)', async ({ page, request }) => {
  const lang: Lang = 'en';
  const listing = await createLiveListing(request, { title: unique('Garden flat near Atlas') });
  await startInLanguage(page, lang);
  await page.goto('/browse');
  const card = page.getByRole('article').filter({ hasText: listing.title });
  const heart = card.getByRole('button', { name: tr(lang, 'favourites:heart.label') });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();

  // Asked to sign in; a new visitor signs up from there.
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: tr(lang, 'auth:login.signupLink') }).click();
  await expect(page).toHaveURL(/\/signup/);
  await page.getByLabel(tr(lang, 'auth:phone.label')).fill(randomPhone());
  await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
  const code = await readDemoCode(page);
  await page.getByLabel(tr(lang, 'auth:fields.name')).fill('Selam Tesfaye');
  await page.getByLabel(tr(lang, 'auth:fields.role')).selectOption('tenant');
  await page.getByLabel(tr(lang, 'auth:code.label')).fill(code);
  await page.getByRole('checkbox', { name: tr(lang, 'auth:fields.acceptTerms') }).check();
  await page.getByRole('button', { name: tr(lang, 'auth:signup.continue') }).click();
  await page.getByRole('button', { name: tr(lang, 'auth:signup.skip') }).click();

  // Back on /browse, signed in, the heart is filled.
  await expect(page).toHaveURL(/\/browse/);
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: listing.title })
      .getByRole('button', { name: tr(lang, 'favourites:heart.label') }),
  ).toHaveAttribute('aria-pressed', 'true');

  await openAccountMenu(page);
  await page.getByRole('link', { name: tr(lang, 'common:nav.saved') }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'favourites:page.title') })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: listing.title })).toBeVisible();
});

for (const lang of ['am', 'en'] as Lang[]) {
  test(`${lang}: a tenant saves from /l/{id}; the poster sees the count; rented, the bell tells her and it is marked no longer available; removed, /saved is empty and leads to /browse`, async ({
    page,
    browser,
    request,
  }) => {
    const listing = await createLiveListing(request, { title: unique('Quiet flat near Edna Mall') });
    const tenant = await apiSignUp(request);
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/l/${listing.id}`);

    const save = page.getByRole('button', { name: tr(lang, 'favourites:heart.save') });
    await save.click();
    const saved = page.getByRole('button', { name: tr(lang, 'favourites:heart.saved') });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: tr(lang, 'favourites:heart.savedNotice') })).toBeAttached();

    // The poster's /my-listings: how many saved it, never who.
    const landlordContext = await browser.newContext();
    const landlordPage = await landlordContext.newPage();
    await startInLanguage(landlordPage, lang);
    await storeSession(landlordPage, listing.landlord, '/my-listings');
    const ownCard = landlordPage.getByRole('article').filter({ hasText: listing.title });
    await expect(ownCard.getByText(tr(lang, 'extras:mine.savedBy_one', { count: 1 }))).toBeVisible();
    await expect(landlordPage.getByText(tenant.phone.slice(-6))).toHaveCount(0);
    await landlordContext.close();

    await page.goto('/saved');
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'favourites:page.title') })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: listing.title });
    await expect(item).toBeVisible();
    await expect(item.getByText(tr(lang, 'favourites:section.unavailable'))).toHaveCount(0);

    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    // The landlord marks it rented: her bell says so at once, without a reload (the event stream).
    const rented = await request.fetch(`/api/listings/${listing.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${listing.landlord.token}` },
      data: { visibility: 'draft' },
    });
    expect(rented.ok()).toBe(true);
    await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 2_000 });
    await expect(bell).toHaveAttribute('aria-label', tr(lang, 'alerts:bell.labelUnread_one', { count: 1 }));

    // The notification names the home and opens /saved, where it is still saved, marked.
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    const note = page.getByTestId('notifications').getByRole('link', { name: new RegExp(listing.title) });
    await expect(note).toContainText(tr(lang, 'alerts:notifications.savedGone'));
    await note.click();
    await expect(page).toHaveURL(/\/saved$/);
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect(item.getByText(tr(lang, 'favourites:section.unavailable'))).toBeVisible();
    await item.getByRole('button', { name: tr(lang, 'favourites:section.remove') }).click();

    await expect(page.getByRole('heading', { level: 2, name: tr(lang, 'favourites:section.emptyTitle') })).toBeVisible();
    // The saved homes' own empty state (the saved searches' one below says the same in English).
    await page
      .getByRole('region', { name: tr(lang, 'favourites:section.title') })
      .getByRole('link', { name: tr(lang, 'favourites:section.browse') })
      .click();
    await expect(page).toHaveURL(/\/browse/);
  });
}
