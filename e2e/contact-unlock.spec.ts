import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { formatLocal } from './support/phones';

/**
 * Contact unlock from /l/{id}: a tenant without credits is sent to the
 * wallet ('Almost there!'), buys the 10-credit bundle, is brought back to the listing and sees
 * the poster's phone, which /my-unlocks keeps.
 */

const LANGS = ['en', 'am'] as const satisfies readonly Lang[];

/** Plural category the app uses for a count: Amharic says 'one' for 0 and 1. */
function plural(lang: Lang, count: number): 'one' | 'other' {
  return new Intl.PluralRules(lang).select(count) === 'one' ? 'one' : 'other';
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The next browser dialog (alert or confirm): accepted, its text answered. */
async function acceptNextDialog(page: Page, action: () => Promise<void>): Promise<string> {
  const seen = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await action();
  return seen;
}

for (const lang of LANGS) {
  test(`a tenant without credits unlocks a phone through the wallet and finds it in My unlocks (${lang})`, async ({ page, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    const tenant = await apiSignUp(request, { role: 'tenant' });
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/l/${listing.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    const badge = page.getByTestId('wallet-badge').filter({ visible: true });
    await expect(badge).toHaveText('0');

    // The first unlock asks for the safety tips, then the server says there are no credits.
    const unlock = page.getByRole('button', { name: tr(lang, 'listings:contact.unlock') });
    await expect(page.getByText(tr(lang, 'listings:contact.unlockCost'))).toBeVisible();
    await unlock.click();
    const tips = page.getByRole('dialog', { name: tr(lang, 'listings:safety.title') });
    await expect(tips).toBeVisible();
    const alerted = await acceptNextDialog(page, () => tips.getByRole('button', { name: tr(lang, 'listings:safety.acknowledge') }).click());
    expect(alerted).toBe(tr(lang, 'listings:contact.noCreditsAlert'));

    // The wallet knows where the tenant came from.
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('status').filter({ hasText: tr(lang, 'wallet:arrival.almostThere') })).toContainText(tr(lang, 'wallet:arrival.fromListing'));
    const price = lang === 'am' ? '250 ብር' : '250 ETB';
    const bundle = page.getByRole('listitem', { name: tr(lang, 'common:plans.names.CREDIT_BUNDLE_10'), exact: true });
    const bought = await acceptNextDialog(page, () =>
      bundle.getByRole('button', { name: new RegExp(`^${escape(tr(lang, 'wallet:cards.buy', { price }))}`) }).click(),
    );
    expect(bought).toBe(tr(lang, `wallet:success.credits_${plural(lang, 10)}`, { count: 10 }));

    // Back on the listing: the tips were acknowledged once, so the unlock goes straight through.
    await expect(page).toHaveURL(new RegExp(`/l/${listing.id}$`));
    await expect(badge).toHaveText('10');
    await unlock.click();
    const phone = formatLocal(listing.landlord.phone);
    const call = page.getByRole('link', { name: phone, exact: true });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', `tel:${listing.landlord.phone}`);
    await expect(tips).toBeHidden();
    await expect(badge).toHaveText('9');
    await expect(unlock).toHaveCount(0);

    // A new visit shows the number at once, without another credit.
    await page.reload();
    await expect(call).toBeVisible();
    await expect(badge).toHaveText('9');

    // Kept in My unlocks, with the same number and 'Used 1 credit'.
    const panel = page.getByRole('region', { name: tr(lang, 'listings:contact.title.owner') });
    await panel.getByRole('link', { name: tr(lang, 'listings:contact.myUnlocksLink'), exact: true }).click();
    await expect(page).toHaveURL(/\/my-unlocks$/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'wallet:unlocks.title') })).toBeVisible();
    const card = page.getByTestId('unlock-card').filter({ hasText: listing.title });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('link', { name: new RegExp(escape(phone)) })).toHaveText(phone);
    await expect(card).toContainText(tr(lang, 'wallet:unlocks.usedCredit'));
  });
}

test('a listing whose owner takes messages only offers no unlock; an earlier page that still offers it gets the alert', async ({ page, request }) => {
  const listing = await createLiveListing(request, { contactPreference: 'show' });
  const tenant = await apiSignUp(request, { role: 'tenant' });
  await storeSession(page, tenant, `/l/${listing.id}`);
  const unlock = page.getByRole('button', { name: tr('en', 'listings:contact.unlock') });
  await expect(unlock).toBeVisible();
  // The page has done its own reading (the signed-in view after the server's page): what follows
  // is a page loaded before the owner's change.
  await page.waitForLoadState('networkidle');
  await expect(unlock).toBeVisible();

  // Meanwhile the owner switches to messages only.
  const res = await request.patch(`/api/listings/${listing.id}`, {
    data: { contact_preference: 'hide' },
    headers: { authorization: `Bearer ${listing.landlord.token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await page.evaluate(() => localStorage.setItem('safetyTipsAcknowledged', 'true'));
  const alerted = await acceptNextDialog(page, () => unlock.click());
  expect(alerted).toBe(tr('en', 'listings:contact.messagesOnly.owner'));
  await expect(page.getByText(tr('en', 'listings:contact.messagesOnly.owner'))).toBeVisible();
  await expect(unlock).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/l/${listing.id}$`));

  // A fresh visit reads the listing as it is now.
  await page.reload();
  await expect(page.getByText(tr('en', 'listings:contact.messagesOnly.owner'))).toBeVisible();
  await expect(unlock).toHaveCount(0);
});

/**
 * Screenshot tour of the contact panel for people to look at (360x800, both languages):
 * SCREENSHOTS=1 npx playwright test e2e/contact-unlock.spec.ts -g @screens
 */
test('contact panel screens @screens', async ({ page, request }) => {
  test.setTimeout(240_000);
  const dir = path.resolve('test-results/screens/contact');
  fs.mkdirSync(dir, { recursive: true });
  const hidden = await createLiveListing(request, { contactPreference: 'hide' });
  const tenant = await apiSignUp(request, { role: 'tenant' });
  const buy = await request.post('/api/purchase', { data: { sku: 'CREDIT_BUNDLE_10' }, headers: { authorization: `Bearer ${tenant.token}` } });
  expect(buy.ok()).toBe(true);
  page.on('dialog', (dialog) => void dialog.accept());

  for (const lang of LANGS) {
    // Its own listing per language: the tenant has not unlocked it yet.
    const shown = await createLiveListing(request, { contactPreference: 'show' });
    const panel = page.getByRole('region', { name: tr(lang, 'listings:contact.title.owner') });
    const shot = async (name: string) => {
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `${lang}-${name}.png`) });
    };
    await page.context().clearCookies();
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/l/${shown.id}`);
    await page.evaluate((lng) => {
      localStorage.setItem('i18nextLng', lng);
      localStorage.setItem('safetyTipsAcknowledged', 'true');
    }, lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const unlock = page.getByRole('button', { name: tr(lang, 'listings:contact.unlock') });
    await expect(unlock).toBeVisible();
    await shot('locked');

    // A failure shown in the panel, and one under the message field.
    await page.route('**/api/listings/*/unlock-contact', (route) =>
      route.fulfill({ status: 403, json: { ok: false, error: 'account_suspended', message: 'Suspended' } }),
    );
    await page.route('**/api/conversations', (route) => route.fulfill({ status: 500, json: { ok: false, error: 'boom', message: 'Boom' } }));
    await unlock.click();
    await expect(panel.getByRole('alert')).toHaveText(tr(lang, 'common:errors.account_suspended'));
    await panel.getByLabel(tr(lang, 'listings:contact.messageLabel.owner')).fill(lang === 'am' ? 'ሰላም፣ ቤቱ አሁንም አለ?' : 'Hello, is it still available?');
    await panel.getByRole('button', { name: tr(lang, 'listings:contact.send') }).click();
    await expect(panel.getByText(tr(lang, 'listings:contact.sendFailed'))).toBeVisible();
    await shot('error');
    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();

    // Unlocking: the answer held back.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/listings/*/unlock-contact', async (route) => {
      await held;
      await route.continue();
    });
    await unlock.click();
    await expect(panel.getByRole('button', { name: tr(lang, 'listings:contact.unlocking') })).toBeVisible();
    await shot('unlocking');
    release();
    await expect(panel.getByRole('link', { name: formatLocal(shown.landlord.phone), exact: true })).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
    await shot('unlocked');

    await page.goto(`/l/${hidden.id}`);
    await expect(panel.getByText(tr(lang, 'listings:contact.messagesOnly.owner'))).toBeVisible();
    await shot('hidden');

    // Anonymous: the panel asks to log in.
    await page.evaluate(() => ['token', 'user', 'userType'].forEach((k) => localStorage.removeItem(k)));
    await page.goto(`/l/${shown.id}`);
    await expect(panel.getByText(tr(lang, 'listings:contact.unlockAnonymous'))).toBeVisible();
    await shot('anonymous');
  }
});
