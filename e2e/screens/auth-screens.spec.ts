import { test, expect } from '../support/fixtures';
import { apiSignUp, openAccountMenu, readDemoCode, startInLanguage, storeSession, type Role } from '../support/auth';
import { tr, type Lang } from '../support/i18n';
import { randomPhone } from '../support/phones';

/**
 * A screenshot tour of the sign-in screens and the top bar at 360x800, in both languages, for a
 * person to look at (not asserted pixel by pixel). Run with:
 *   SCREENSHOTS=1 npx playwright test e2e/screens
 * The pictures land in screenshots/ (not committed).
 */
const shot = (name: string) => `screenshots/${name}.png`;

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`login and signup screens (${lang}) @screens`, async ({ page }) => {
    await startInLanguage(page, lang);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: shot(`${lang}-login-1-phone`), fullPage: true });

    await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
    await page.screenshot({ path: shot(`${lang}-login-1-phone-required`), fullPage: true });

    await page.getByLabel(tr(lang, 'auth:phone.label')).fill(randomPhone());
    await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
    const code = await readDemoCode(page);
    await page.screenshot({ path: shot(`${lang}-login-2-code`), fullPage: true });
    await page.getByLabel(tr(lang, 'auth:code.label')).fill(code === '111111' ? '222222' : '111111');
    await page.getByRole('button', { name: tr(lang, 'auth:login.verify'), exact: true }).click();
    await expect(page.getByText(tr(lang, 'auth:errors.invalid_code'))).toBeVisible();
    await page.screenshot({ path: shot(`${lang}-login-2-wrong-code`), fullPage: true });

    await page.goto('/signup?plan=CREDIT_BUNDLE_10');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: shot(`${lang}-signup-1-phone`), fullPage: true });
    await page.getByLabel(tr(lang, 'auth:phone.label')).fill(randomPhone());
    await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
    const signupCode = await readDemoCode(page);
    await page.getByLabel(tr(lang, 'auth:fields.name')).fill(lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye');
    await page.screenshot({ path: shot(`${lang}-signup-2-profile`), fullPage: true });
    await page.getByLabel(tr(lang, 'auth:code.label')).fill(signupCode);
    await page.getByRole('checkbox', { name: tr(lang, 'auth:fields.acceptTerms') }).check();
    await page.getByRole('button', { name: tr(lang, 'auth:signup.continue') }).click();
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.planTitle') })).toBeVisible();
    await page.screenshot({ path: shot(`${lang}-signup-3-plan`), fullPage: true });

    await page.goto('/signup?role=delala&plan=post_subscription_delala_unlimited');
    await page.getByLabel(tr(lang, 'auth:phone.label')).fill(randomPhone());
    await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
    await readDemoCode(page);
    await page.getByRole('button', { name: tr(lang, 'auth:signup.createAccount') }).click();
    await page.screenshot({ path: shot(`${lang}-signup-2-broker-errors`), fullPage: true });
  });

  for (const role of ['tenant', 'landlord', 'delala'] as const satisfies readonly Role[]) {
    test(`top bar signed in as ${role} (${lang}) @screens`, async ({ page, request }) => {
      await startInLanguage(page, lang);
      const session = await apiSignUp(request, { role, name: lang === 'am' ? 'አበበ ከበደ' : 'Abebe Kebede' });
      await storeSession(page, session, '/wallet');
      await expect(page.getByRole('banner')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot(`${lang}-topbar-${role}`) });
      await openAccountMenu(page);
      await page.screenshot({ path: shot(`${lang}-topbar-${role}-menu`) });
    });
  }

  test(`top bar signed out (${lang}) @screens`, async ({ page }) => {
    await startInLanguage(page, lang);
    await page.goto('/browse');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot(`${lang}-topbar-signed-out`) });
  });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
    test(`top bar on a wide screen, broker and tenant (${lang}) @screens`, async ({ page, request }) => {
      await startInLanguage(page, lang);
      for (const role of ['delala', 'tenant'] as const) {
        const session = await apiSignUp(request, { role, name: lang === 'am' ? 'አበበ ከበደ' : 'Abebe Kebede' });
        await storeSession(page, session, '/wallet');
        await expect(page.getByRole('banner')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await openAccountMenu(page);
        await page.screenshot({ path: shot(`${lang}-desktop-topbar-${role}`), clip: { x: 0, y: 0, width: 1280, height: 260 } });
      }
      await page.goto('/login');
      await page.evaluate(() => localStorage.clear());
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: shot(`${lang}-desktop-login`) });
    });
  }
});
