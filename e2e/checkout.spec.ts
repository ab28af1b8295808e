import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { formatLocal } from './support/phones';

/**
 * Real payments through a hosted checkout (run with playwright.checkout.config.ts: the server with
 * PAYMENT_PROVIDER=chapa and the local Chapa gateway): a tenant without credits opens a listing,
 * buys the 10-credit bundle on the gateway's checkout page, comes back to /wallet/return, is told
 * the credits and brought back to the listing, and sees the phone. Also: a cancelled checkout.
 */

const LANGS = ['en', 'am'] as const satisfies readonly Lang[];

function plural(lang: Lang, count: number): 'one' | 'other' {
  return new Intl.PluralRules(lang).select(count) === 'one' ? 'one' : 'other';
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Collects every dialog's text and accepts it. */
function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

const SHOTS = path.resolve('test-results/screens/checkout');

for (const lang of LANGS) {
  test(`a tenant without credits pays on the checkout page, returns and sees the phone (${lang})`, async ({ page, request }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    const tenant = await apiSignUp(request, { role: 'tenant' });
    const dialogs = recordDialogs(page);
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/l/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    const badge = page.getByTestId('wallet-badge').filter({ visible: true });
    await expect(badge).toHaveText('0');

    const unlock = page.getByRole('button', { name: tr(lang, 'listings:contact.unlock') });
    await unlock.click();
    await page
      .getByRole('dialog', { name: tr(lang, 'listings:safety.title') })
      .getByRole('button', { name: tr(lang, 'listings:safety.acknowledge') })
      .click();
    await expect(page).toHaveURL(/\/wallet$/);
    expect(dialogs).toEqual([tr(lang, 'listings:contact.noCreditsAlert')]);

    // The payment methods are available (the checkout is configured).
    await expect(page.getByText(tr(lang, 'wallet:payment.available'))).toBeVisible();
    await expect(page.getByText(tr(lang, 'wallet:payment.note'))).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, `wallet-${lang}.png`), fullPage: true });

    const price = lang === 'am' ? '250 ብር' : '250 ETB';
    const bundle = page.getByRole('listitem', { name: tr(lang, 'common:plans.names.CREDIT_BUNDLE_10'), exact: true });
    await bundle.getByRole('button', { name: new RegExp(`^${escape(tr(lang, 'wallet:cards.buy', { price }))}`) }).click();

    // The gateway's own checkout page.
    await expect(page.getByRole('heading', { name: 'Local Chapa checkout' })).toBeVisible();
    await expect(page.getByText('250 ETB', { exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/checkout\/payment\/bt_/);
    await page.getByRole('button', { name: 'Pay 250 ETB with telebirr' }).click();

    // Back on our return page, then on to the listing with the credits.
    await expect(page).toHaveURL(new RegExp(`/l/${listing.id}$`));
    expect(dialogs.at(-1)).toBe(tr(lang, `wallet:success.credits_${plural(lang, 10)}`, { count: 10 }));
    await expect(badge).toHaveText('10');
    await unlock.click();
    const phone = formatLocal(listing.landlord.phone);
    await expect(page.getByRole('link', { name: phone, exact: true })).toBeVisible();
    await expect(badge).toHaveText('9');
    await page.screenshot({ path: path.join(SHOTS, `listing-unlocked-${lang}.png`), fullPage: true });
  });
}

test('a cancelled checkout says so, grants nothing and offers to try again', async ({ page, request }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const tenant = await apiSignUp(request, { role: 'tenant' });
  recordDialogs(page);
  await storeSession(page, tenant, '/wallet');
  const bundle = page.getByRole('listitem', { name: tr('en', 'common:plans.names.CREDIT_SINGLE'), exact: true });
  await bundle.getByRole('button', { name: /^Buy for 30 ETB/ }).click();
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(/\/wallet\/return\?tx_ref=bt_/);
  await expect(page.getByText(tr('en', 'wallet:return.unpaid.cancelled'))).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'return-cancelled-en.png'), fullPage: true });
  await page.getByRole('button', { name: tr('en', 'wallet:return.tryAgain') }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('wallet-badge').filter({ visible: true })).toHaveText('0');
});
