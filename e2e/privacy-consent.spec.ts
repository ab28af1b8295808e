import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { readDemoCode, startInLanguage } from './support/auth';
import { tr, trTag, type Lang } from './support/i18n';
import { randomPhone } from './support/phones';

/**
 * The Terms and the Privacy notice: a signup goes through only with the box ticked;
 * its links open the notices in the app (a new tab, so the form stays filled in); both notices
 * read in each language, from the footer of every page. Screenshots at 360 x 800 go to the
 * test's output folder.
 */

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`signup asks to accept the Terms and the Privacy notice, and opens both from the form (${lang})`, async ({ page, context }) => {
    await startInLanguage(page, lang);
    await page.goto('/signup');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByLabel(tr(lang, 'auth:phone.label')).fill(randomPhone());
    await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
    const code = await readDemoCode(page);
    const name = lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye';
    await page.getByLabel(tr(lang, 'auth:fields.name')).fill(name);
    await page.getByLabel(tr(lang, 'auth:code.label')).fill(code);

    // Not ticked: the error on the box, which takes the focus; no account, still the profile step.
    const box = page.getByRole('checkbox', { name: tr(lang, 'auth:fields.acceptTerms') });
    await expect(box).not.toBeChecked();
    await page.getByRole('button', { name: tr(lang, 'auth:signup.continue') }).click();
    await expect(page.getByText(tr(lang, 'auth:validation.terms_required'))).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.profileTitle') })).toBeVisible();
    await shot(page, `${lang}-signup-terms-error`);

    // Each link opens its notice in the app, in the same language, in a tab of its own.
    for (const doc of ['terms', 'privacy'] as const) {
      const label = tr(lang, `legal:${doc}.title`);
      const linkName = trTag(lang, 'auth:fields.acceptTerms', doc);
      const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('main').getByRole('link', { name: linkName, exact: true }).click()]);
      await tab.waitForLoadState();
      await expect(tab).toHaveURL(new RegExp(`/${doc}$`));
      await expect(tab.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(tab.locator('html')).toHaveAttribute('lang', lang);
      await tab.close();
    }
    // The form is as it was: name and code kept.
    await expect(page.getByLabel(tr(lang, 'auth:fields.name'))).toHaveValue(name);
    await expect(page.getByLabel(tr(lang, 'auth:code.label'))).toHaveValue(code);

    // Ticked: the account is made.
    await box.check();
    await expect(page.getByText(tr(lang, 'auth:validation.terms_required'))).toBeHidden();
    await page.getByRole('button', { name: tr(lang, 'auth:signup.continue') }).click();
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.planTitle') })).toBeVisible();
    await page.getByRole('button', { name: tr(lang, 'auth:signup.skip') }).click();
    await expect(page).not.toHaveURL(/\/signup/);
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return { status: res.status, name: ((await res.json()) as { name?: string }).name };
    });
    expect(me).toEqual({ status: 200, name });
  });

  test(`the Privacy notice and the Terms read from the footer of every page (${lang})`, async ({ page }) => {
    await startInLanguage(page, lang);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const footer = page.getByRole('navigation', { name: tr(lang, 'common:siteFooter.label') });

    await footer.getByRole('link', { name: tr(lang, 'common:siteFooter.privacy') }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'legal:privacy.title') })).toBeVisible();
    for (const heading of ['privacy.useRights.heading', 'contact.heading']) {
      await expect(page.getByRole('heading', { level: 2, name: tr(lang, `legal:${heading}`) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'privacy@betoch.et' })).toHaveAttribute('href', 'mailto:privacy@betoch.et');
    await expect(page.getByRole('link', { name: trTag(lang, 'legal:privacy.useRights.text', 'account') })).toHaveAttribute('href', '/account');
    await shot(page, `${lang}-privacy`);

    await footer.getByRole('link', { name: tr(lang, 'common:siteFooter.terms') }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'legal:terms.title') })).toBeVisible();
    await shot(page, `${lang}-terms`);
  });
}
