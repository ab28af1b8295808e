import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, signUpViaUi, startInLanguage, storeSession } from './support/auth';
import { acceptNextDialog } from './support/dialogs';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';

/**
 * A tenant without credits taps unlock on /l/{id} and lands on /wallet: on a 360x800 phone the
 * 'Almost there!' banner and the outlined card are both on the first screen, whole, and nothing
 * (the top bar) lies over them. Also the one name of each plan: the plan step of /signup and the
 * wallet's cards say the same.
 */

const LANGS = ['en', 'am'] as const satisfies readonly Lang[];

/** Waits until the page has stopped scrolling (a smooth scroll runs for a few hundred ms). */
async function scrollSettled(page: Page): Promise<void> {
  let last = -1;
  let still = 0;
  for (let i = 0; i < 40 && still < 4; i += 1) {
    const y = await page.evaluate(() => window.scrollY);
    still = y === last ? still + 1 : 0;
    last = y;
    await page.waitForTimeout(150);
  }
}

/** The element's box lies whole inside the viewport and its centre is not covered by another element. */
async function wholeAndUncovered(target: Locator): Promise<{ whole: boolean; covered: string | null }> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const whole = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    const probe = [box.left + box.width / 2, box.top + 8] as const;
    const hit = document.elementFromPoint(probe[0], Math.max(0, probe[1]));
    const covered = hit && !el.contains(hit) ? `${hit.tagName}.${String(hit.className)}` : null;
    return { whole, covered };
  });
}

for (const lang of LANGS) {
  test(`tapping unlock without credits shows 'Almost there!' and the outlined card together on a phone (${lang})`, async ({ page, request }) => {
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    const tenant = await apiSignUp(request, { role: 'tenant' });
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/l/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

    // The unlock button sits low on a phone: the tenant scrolls to it, as a person would.
    const unlock = page.getByRole('button', { name: tr(lang, 'listings:contact.unlock') });
    await unlock.scrollIntoViewIfNeeded();
    await unlock.click();
    const tips = page.getByRole('dialog', { name: tr(lang, 'listings:safety.title') });
    const alerted = acceptNextDialog(page);
    await tips.getByRole('button', { name: tr(lang, 'listings:safety.acknowledge') }).click();
    expect((await alerted).message).toBe(tr(lang, 'listings:contact.noCreditsAlert'));

    await expect(page).toHaveURL(/\/wallet$/);
    const banner = page.getByRole('status').filter({ hasText: tr(lang, 'wallet:arrival.almostThere') });
    await expect(banner).toContainText(tr(lang, 'wallet:arrival.fromListing'));
    const chosen = page.locator('li[data-highlighted]');
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toContainText(tr(lang, 'wallet:cards.chosen'));
    await scrollSettled(page);
    await page.screenshot({ path: test.info().outputPath(`wallet-arrival-${lang}.png`) });

    const bannerView = await wholeAndUncovered(banner);
    expect(bannerView, 'the banner is whole on the first screen, under nothing').toEqual({ whole: true, covered: null });
    const cardView = await wholeAndUncovered(chosen);
    expect(cardView, 'the outlined card is whole on the first screen, under nothing').toEqual({ whole: true, covered: null });
  });
}

/** The spec's names of the tenant's plans, and its label for the best one. */
const SPEC_NAMES = ['Single Credit', '10 Credits Bundle', 'Unlimited Monthly'];
const SPEC_BEST_VALUE = 'BEST VALUE';

for (const lang of LANGS) {
  test(`the signup plan step and the wallet call each plan by the same name (${lang})`, async ({ page }) => {
    let atSignup: { names: string[]; best: string[] } = { names: [], best: [] };
    await signUpViaUi(page, {
      role: 'tenant',
      lang,
      url: '/signup?plan=CREDIT_BUNDLE_10',
      plan: 'CREDIT_BUNDLE_10',
      atPlanStep: async (p) => {
        const plans = p.getByRole('listitem').filter({ has: p.getByRole('heading', { level: 2 }) });
        await expect(plans).toHaveCount(3);
        await p.screenshot({ path: test.info().outputPath(`signup-plan-step-${lang}.png`), fullPage: true });
        atSignup = {
          names: await plans.getByRole('heading', { level: 2 }).allInnerTexts(),
          best: await plans
            .filter({ hasText: tr(lang, 'common:plans.bestValue') })
            .getByRole('heading', { level: 2 })
            .allInnerTexts(),
        };
      },
    });
    await expect(page).toHaveURL(/\/wallet$/);
    const cards = page.locator('li[data-sku]');
    await expect(cards).toHaveCount(3);
    const atWallet = {
      names: await cards.getByRole('heading', { level: 3 }).allInnerTexts(),
      best: await cards
        .filter({ hasText: tr(lang, 'common:plans.bestValue') })
        .getByRole('heading', { level: 3 })
        .allInnerTexts(),
    };

    expect(atSignup).toEqual(atWallet);
    expect(atWallet.names).toEqual(['CREDIT_SINGLE', 'CREDIT_BUNDLE_10', 'SUB_TENANT_MONTHLY'].map((sku) => tr(lang, `common:plans.names.${sku}`)));
    expect(atWallet.best).toEqual([tr(lang, 'common:plans.names.CREDIT_BUNDLE_10')]);
    if (lang === 'en') {
      expect(atSignup.names).toEqual(SPEC_NAMES);
      await expect(page.getByText(SPEC_BEST_VALUE, { exact: true })).toBeVisible();
    }
  });
}

for (const lang of LANGS) {
  test(`a broker's listing: the contact panel speaks of the broker, not the owner (${lang})`, async ({ page, request }) => {
    const res = await request.get('/api/listings', { params: { source: 'delala', limit: 5 } });
    expect(res.ok()).toBe(true);
    const { listings } = (await res.json()) as { listings: Array<{ _id: string; source: string }> };
    const broker = listings.find((l) => l.source === 'delala');
    expect(broker, 'the demo data has a live broker listing').toBeTruthy();
    const tenant = await apiSignUp(request, { role: 'tenant' });
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/l/${broker!._id}`);
    const panel = page.getByRole('region', { name: tr(lang, 'listings:contact.title.broker') });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel(tr(lang, 'listings:contact.messageLabel.broker'))).toBeVisible();
    await expect(panel).not.toContainText(lang === 'en' ? /owner/i : /ባለቤቱ/);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`broker-contact-panel-${lang}.png`) });
  });
}
