import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { startInLanguage, storeSession } from '../support/auth';
import { ageListing, confirmLinkFromSms } from '../support/freshness';
import { tr, type Lang } from '../support/i18n';
import { createLiveListing } from '../support/live-listing';
import { settle } from '../support/screens';
import { smallTargets } from '../support/touch-targets';

/**
 * A screenshot tour of the freshness screens at 360x800 in both languages: the SMS
 * link's page, /l/{id} with its 'Available · confirmed' line, /my-listings with the question and
 * an expired listing with Renew. Each state is also scanned by axe and for 44 px targets (the
 * states the route walk cannot reach: a live link, a question, an expired listing). Run with:
 *   SCREENSHOTS=1 npx playwright test e2e/screens/freshness-screens.spec.ts
 */
const shot = (name: string) => `screenshots/${name}.png`;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectTouchTargets(page: Page, label: string) {
  expect((await smallTargets(page)).map((s) => `${label}: ${s.what} "${s.text}" is ${s.width} x ${s.height}`)).toEqual([]);
}

async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`freshness screens (${lang}) @screens`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const asked = await createLiveListing(request, { title: lang === 'am' ? 'በቦሌ ያለ ብሩህ አፓርትመንት' : 'Sunny flat near Edna Mall' });
    await ageListing(request, asked.landlord, asked.id, 14);
    const link = await confirmLinkFromSms(request, asked.landlord);

    await startInLanguage(page, lang);
    await page.goto(link);
    await settle(page);
    await page.screenshot({ path: shot(`${lang}-freshness-confirm-link`), fullPage: true });
    await axeClean(page, `confirm page ${lang}`);
    await expectTouchTargets(page, `confirm page ${lang}`);

    const old = await createLiveListing(request);
    await ageListing(request, old.landlord, old.id, 3);
    await page.goto(`/l/${old.id}`);
    await settle(page);
    await expect(page.getByTestId('confirmed-line')).toBeVisible();
    await page.screenshot({ path: shot(`${lang}-freshness-listing-confirmed`) });

    // The asked poster's listings: the question; then a second listing expired, with Renew.
    const expired = await createLiveListing(request);
    await ageListing(request, expired.landlord, expired.id, 30);
    await storeSession(page, asked.landlord, '/my-listings');
    await page.goto('/my-listings');
    await settle(page);
    await page.screenshot({ path: shot(`${lang}-freshness-my-listings-question`), fullPage: true });
    await axeClean(page, `my-listings question ${lang}`);
    await expectTouchTargets(page, `my-listings question ${lang}`);

    await storeSession(page, expired.landlord, '/my-listings');
    await page.goto('/my-listings');
    await settle(page);
    await expect(page.getByRole('button', { name: tr(lang, 'freshness:renewLabel', { title: expired.title }) })).toBeVisible();
    await page.screenshot({ path: shot(`${lang}-freshness-my-listings-expired`), fullPage: true });
    await axeClean(page, `my-listings expired ${lang}`);
    await expectTouchTargets(page, `my-listings expired ${lang}`);
  });
}
