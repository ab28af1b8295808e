import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, readDemoCode } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { randomPhone } from './support/phones';
import { escapeRegExp, expectNotStarted, expectSoonAfterCode, holdScripts, LANGS, openDrawn, SCRIPT_DELAY_MS, withoutJs } from './support/early-taps';

/**
 * The public pages' controls do what they say however early they are tapped (issue #37): on a
 * slow phone the page shows long before its code has run. Every script is held 1.5 s here, as on a
 * 3G link, and each control is tapped as soon as it shows; a tap that needs the app is held by the
 * page's boot script and made again once the app is live (apps/web/src/lib/early-taps.ts), and
 * must take effect within 3 s of the code's arrival. Then the same pages with JavaScript off:
 * browse with filters, open a listing, switch language, reach sign-in with the way back kept.
 */

/** Phone, code, name, role and terms on /signup, then the plan skipped (as message-owner.spec.ts). */
async function signUp(page: Page, lang: Lang): Promise<void> {
  await page.getByLabel(tr(lang, 'auth:phone.label')).fill(randomPhone());
  await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
  const code = await readDemoCode(page);
  await page.getByLabel(tr(lang, 'auth:fields.name')).fill('Meron Alemu');
  await page.getByLabel(tr(lang, 'auth:fields.role')).selectOption('tenant');
  await page.getByLabel(tr(lang, 'auth:code.label')).fill(code);
  await page.getByRole('checkbox', { name: tr(lang, 'auth:fields.acceptTerms') }).check();
  await page.getByRole('button', { name: tr(lang, 'auth:signup.continue') }).click();
  await page.getByRole('button', { name: tr(lang, 'auth:signup.skip') }).click();
}

for (const lang of LANGS) {
  test.describe(`scripts held ${SCRIPT_DELAY_MS} ms, tapped at once (${lang})`, () => {
    test.setTimeout(90_000);

    test(`'Unlock phone number' goes to sign-in with the way back (${lang})`, async ({ page, request }) => {
      const listing = await createLiveListing(request, { contactPreference: 'show' });
      await holdScripts(page);
      await openDrawn(page, `/l/${listing.id}`, lang);
      const unlock = page.getByRole('link', { name: tr(lang, 'listings:contact.unlock') });
      await expect(unlock).toBeVisible();
      await expectNotStarted(page);
      await unlock.click();
      await expect(page).toHaveURL(new RegExp(`/login\\?from=${escapeRegExp(encodeURIComponent(`/l/${listing.id}`))}`));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:login.title') })).toBeVisible();
    });

    test(`a signed-in tenant's 'Unlock phone number' tapped before the code ran takes effect once it is live, with one tap (${lang})`, async ({
      page,
      request,
    }) => {
      const listing = await createLiveListing(request, { contactPreference: 'show' });
      const tenant = await apiSignUp(request, { role: 'tenant' });
      // The session stored on the phone before its first page of the site (a visit of another page
      // first would leave the app's code in the service worker, which no held route delays).
      await page.addInitScript((session) => {
        localStorage.setItem('token', session.token);
        localStorage.setItem('user', JSON.stringify(session.user));
        localStorage.setItem('userType', session.user.userType);
      }, tenant);
      const { lastScriptAt } = await holdScripts(page);
      await openDrawn(page, `/l/${listing.id}`, lang);
      // The server draws the visitor's link (the session is the phone's own): tapped at once.
      const unlock = page.getByRole('link', { name: tr(lang, 'listings:contact.unlock') });
      await expect(unlock).toBeVisible();
      // Tapped in the page itself, so that the app had surely not started at the tap (on a busy
      // machine it may start between two of Playwright's steps, and the link is then gone).
      const startedAtTap = await unlock.evaluate((link) => {
        const started = document.documentElement.dataset.app ?? null;
        (link as HTMLElement).click();
        return started;
      });
      expect(startedAtTap).toBeNull();
      // Held, not followed to sign-in and back: once live, the tenant's own unlock is pressed, which
      // first asks for the safety tips.
      const tips = page.getByRole('dialog', { name: tr(lang, 'listings:safety.title') });
      await expect(tips).toBeVisible({ timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());
      await expect(page).toHaveURL(new RegExp(`/l/${listing.id}$`));
    });

    test(`a message typed and sent before the code ran is kept and sent after sign-up (${lang})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const listing = await createLiveListing(request);
      const { lastScriptAt } = await holdScripts(page);
      await openDrawn(page, `/l/${listing.id}`, lang);
      const text = lang === 'am' ? 'ሰላም፣ ቤቱ አሁንም አለ?' : 'Hello, is the flat still free for December?';
      const field = page.getByLabel(tr(lang, 'listings:contact.messageLabel.owner'));
      await expect(field).toBeVisible();
      await expectNotStarted(page);
      await field.fill(text);
      const send = page.getByRole('button', { name: tr(lang, 'listings:contact.send') });
      await send.click();
      await expectNotStarted(page);
      // Held, not lost: the app sends the visitor on to sign-up with the message once it is live.
      await expect(page).toHaveURL(/\/signup$/, { timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await signUp(page, lang);
      await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('log', { name: tr(lang, 'chat:thread.messages') }).getByText(text, { exact: true })).toBeVisible();
    });

    test(`'Filters' on /browse opens its sheet once the code came, and a place typed early counts (${lang})`, async ({ page }) => {
      const { lastScriptAt } = await holdScripts(page);
      await openDrawn(page, '/browse', lang);
      const place = page.getByRole('searchbox', { name: tr(lang, 'listings:filters.place') });
      await expect(place).toBeVisible();
      await expectNotStarted(page);
      await place.fill('Bole');
      const open = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(tr(lang, 'listings:filters.open'))}(?: |$)`) });
      await open.click();
      await expectNotStarted(page);
      const sheet = page.getByRole('dialog', { name: tr(lang, 'listings:filters.title') });
      await expect(sheet).toBeVisible({ timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());
      // The place typed before the app started is searched: it reaches the address.
      await expect(page).toHaveURL(/[?&]q=Bole(&|$)/);
      await sheet.getByLabel(tr(lang, 'listings:filters.subcity')).selectOption('Yeka');
      await expect(page).toHaveURL(/[?&]subcity=Yeka(&|$)/);
    });

    test(`the language switch on / is a link that works at once (${lang})`, async ({ page }) => {
      await holdScripts(page);
      await openDrawn(page, '/', lang);
      const other: Lang = lang === 'en' ? 'am' : 'en';
      const link = page
        .getByRole('group', { name: tr(lang, 'common:language.label') })
        .getByRole('link', { name: other === 'am' ? 'አማርኛ' : 'English', exact: true });
      await expect(link).toBeVisible();
      await expectNotStarted(page);
      await link.click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page).toHaveURL(new RegExp(`[?&]lng=${other}$`));
      // Kept for the next page, by the server's cookie.
      await page.mainFrame().goto('/browse', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: tr(other, 'listings:browse.title') })).toBeVisible();
    });

    test(`'Send code' on /login with the phone typed before the code ran (${lang})`, async ({ page }) => {
      const { lastScriptAt } = await holdScripts(page);
      await openDrawn(page, '/login', lang);
      const phone = page.getByLabel(tr(lang, 'auth:phone.label'));
      await expect(phone).toBeVisible();
      await expectNotStarted(page);
      await phone.fill(randomPhone());
      await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
      await expectNotStarted(page);
      await expect(page.getByLabel(tr(lang, 'auth:code.label'))).toBeVisible({ timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());
      // The phone never went into the address.
      await expect(page).toHaveURL(/\/login$/);
    });
  });

  test.describe(`JavaScript off (${lang})`, () => {
    test(`browse with the filters, open a listing, reach sign-in with the way back (${lang})`, async ({ browser, request, baseURL }) => {
      const listing = await createLiveListing(request, { contactPreference: 'show' });
      const page = await withoutJs(browser, baseURL!, lang);
      try {
        await page.goto('/browse');
        await page.getByText(tr(lang, 'listings:filters.open'), { exact: true }).locator('xpath=ancestor-or-self::summary').click();
        const form = page.locator('details form');
        await form.getByLabel(tr(lang, 'listings:filters.subcity')).selectOption('Bole');
        await form.getByLabel(tr(lang, 'listings:filters.type')).selectOption('apartment');
        await form.getByRole('button', { name: tr(lang, 'listings:filters.apply') }).click();
        await expect(page).toHaveURL(/\/browse\?.*subcity=Bole/);
        await expect(page).toHaveURL(/type=apartment/);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const card = page.locator(`a[href="/l/${listing.id}"]`).first();
        await expect(card).toBeVisible();
        await card.click();
        await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

        await page.getByRole('link', { name: tr(lang, 'listings:contact.unlock') }).click();
        await expect(page).toHaveURL(new RegExp(`/login\\?from=${escapeRegExp(encodeURIComponent(`/l/${listing.id}`))}`));
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:login.title') })).toBeVisible();
        // Sending the phone without JavaScript posts it back to the page: never in the address.
        await page.getByLabel(tr(lang, 'auth:phone.label')).fill('0911223344');
        await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
        await expect(page).toHaveURL(/\/login\?from=/);
        expect(page.url()).not.toContain('0911223344');
      } finally {
        await page.context().close();
      }
    });

    test(`the message form posts: the message is kept (never in the address) and sent after sign-up (${lang})`, async ({ browser, request, baseURL }) => {
      test.setTimeout(120_000);
      const listing = await createLiveListing(request);
      const page = await withoutJs(browser, baseURL!, lang);
      const text = lang === 'am' ? 'ሰላም፣ ቤቱ አሁንም አለ? ስንት ሰዓት ላይ ማየት እችላለሁ?' : 'Is it still free? When could I see it?';
      let signupUrl: string;
      let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
      try {
        await page.goto(`/l/${listing.id}`);
        await page.getByLabel(tr(lang, 'listings:contact.messageLabel.owner')).fill(text);
        await page.getByRole('button', { name: tr(lang, 'listings:contact.send') }).click();
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.title') })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        signupUrl = page.url();
        const query = new URL(signupUrl).searchParams;
        expect([query.get('from'), query.get('listing'), query.get('message')]).toEqual([`/l/${listing.id}`, listing.id, null]);
        expect(decodeURIComponent(signupUrl)).not.toContain(text);
        storage = await page.context().storageState();
      } finally {
        await page.context().close();
      }
      // The phone's code arrives (or JavaScript is turned on): the same browser, its cookies kept.
      const live = await browser.newContext({ viewport: { width: 360, height: 800 }, baseURL, storageState: storage });
      const next = await live.newPage();
      try {
        await next.goto(signupUrl);
        await expect(next.locator('html')).toHaveAttribute('data-app', 'started');
        await signUp(next, lang);
        await expect(next).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
        await expect(next.getByRole('log', { name: tr(lang, 'chat:thread.messages') }).getByText(text, { exact: true })).toBeVisible();
        // Sent once: the kept copy is gone.
        expect((await live.cookies()).some((cookie) => cookie.name === 'betoch_msg')).toBe(false);
      } finally {
        await live.close();
      }
    });

    test(`the language switch is a link, and the server keeps the choice (${lang})`, async ({ browser, baseURL }) => {
      const page = await withoutJs(browser, baseURL!, lang);
      const other: Lang = lang === 'en' ? 'am' : 'en';
      try {
        await page.goto('/');
        await page
          .getByRole('link', { name: other === 'am' ? 'አማርኛ' : 'English', exact: true })
          .first()
          .click();
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        await page.goto('/browse');
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        await expect(page.getByRole('heading', { level: 1, name: tr(other, 'listings:browse.title') })).toBeVisible();
      } finally {
        await page.context().close();
      }
    });
  });
}
