import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { tr, type Lang } from './support/i18n';
import { apiSignUp, endCodeCooldown, logInViaUi } from './support/auth';
import { createLiveListing } from './support/live-listing';
import { escapeRegExp, expectSoonAfterCode, holdScripts, LANGS, openDrawn, SCRIPT_DELAY_MS, signInBackTo, tapEarly, withoutJs } from './support/early-taps';

/**
 * Every other control of the public pages (issue #37; the first ones are in early-taps.spec.ts):
 * each tapped as soon as it shows with every script held, as on a 3G link, does what it says —
 * a link at once, a button once the code came (held by the boot script, made again by
 * lib/early-taps.ts) — and the ones that lead somewhere do so with JavaScript off.
 * No service worker: it would serve the code of a page seen before past the held scripts.
 */

test.use({ serviceWorkers: 'block' });

const other = (lang: Lang): Lang => (lang === 'en' ? 'am' : 'en');
const nativeName = (lang: Lang) => (lang === 'am' ? 'አማርኛ' : 'English');
const loginHeading = (lang: Lang) => ({ level: 1, name: tr(lang, 'auth:login.title') }) as const;
/**
 * 'Post property' without JavaScript: its <details> opened from the keyboard (Playwright's click
 * waits forever on the sticky top bar's scrolling strip; a finger's tap opens it as well).
 */
const openPlainPostMenu = (page: Page, lang: Lang) => page.locator('summary:visible', { hasText: tr(lang, 'common:nav.postProperty') }).press('Enter');
/**
 * A listing's photo on its own page (/l/{id}?photo=n): the one its text names, as wide as the
 * phone, its place among the photos said.
 */
async function expectPhotoLarge(page: Page, lang: Lang, title: string, n: number, total: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:gallery.viewerLabel', { title }) })).toBeVisible();
  await expect(page.getByText(tr(lang, 'listings:gallery.counter', { n, total }), { exact: true })).toBeVisible();
  const photo = page.getByRole('img', { name: tr(lang, 'listings:gallery.photoAlt', { n, total, title }), exact: true });
  await expect(photo).toBeVisible();
  await expect.poll(async () => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const viewport = page.viewportSize()!;
  const box = (await photo.boundingBox())!;
  expect(box.width, 'the photo fills the width of the screen').toBeGreaterThanOrEqual(viewport.width * 0.9);
}
/** Without JavaScript a button outside a form does nothing: none may show. */
async function expectNoDeadButtons(page: Page): Promise<void> {
  const dead = page.locator('xpath=//button[not(ancestor::form) or @type="button"]').filter({ visible: true });
  await expect(dead, 'a button that needs JavaScript is shown').toHaveCount(0);
}
/** The name of a step of the landlord's wizard, as its dot and its heading say it. */
const stepName = (lang: Lang, step: number, key: string) =>
  new RegExp(`^${escapeRegExp(tr(lang, 'landlord:steps.stepOf', { step, total: 5 }))}\\s*${escapeRegExp(tr(lang, `landlord:steps.${key}`))}$`);
/** The card of a listing in a list of cards. */
const cardOf = (page: Page, id: string) => page.locator('article').filter({ has: page.locator(`a[href="/l/${id}"]`) });

for (const lang of LANGS) {
  test.describe(`scripts held ${SCRIPT_DELAY_MS} ms, every control tapped at once (${lang})`, () => {
    test.setTimeout(120_000);

    test(`/l/{id}: a photo opens large at once; 'Safety tips' and 'Share' open once the code came; 'Save', 'Report', 'Is it still available?' and the way back lead where they say (${lang})`, async ({
      page,
      request,
    }) => {
      const listing = await createLiveListing(request, { photos: 2 });
      const url = `/l/${listing.id}`;
      const { lastScriptAt } = await holdScripts(page);

      // A photo is a link to its own page, drawn by the server: it opens large before the code.
      await openDrawn(page, url, lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'listings:gallery.open', { n: 2, total: 2 }) }));
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(url)}\\?photo=2$`));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:gallery.viewerLabel', { title: listing.title }) })).toBeVisible();
      // Its links work before the code as well: the next photo (the first again).
      await tapEarly(page.getByRole('link', { name: tr(lang, 'listings:gallery.next') }));
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(url)}\\?photo=1$`));
      await expectPhotoLarge(page, lang, listing.title, 1, 2);
      // Back to the listing (the app live by now, or not yet: the same place).
      await page.getByRole('link', { name: tr(lang, 'common:actions.close'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(url)}$`));
      await expect(page.getByRole('heading', { level: 1, name: listing.title, exact: true })).toBeVisible();

      // Once the app is live, a photo opens the viewer in place.
      await expect(page.locator('html')).toHaveAttribute('data-app', 'started', { timeout: 20_000 });
      await page.getByRole('link', { name: tr(lang, 'listings:gallery.open', { n: 1, total: 2 }) }).click();
      const viewer = page.getByRole('dialog', { name: tr(lang, 'listings:gallery.viewerLabel', { title: listing.title }) });
      await expect(viewer).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(url)}$`));
      await viewer.getByRole('button', { name: tr(lang, 'common:actions.close') }).click();
      await expect(viewer).toBeHidden();

      await openDrawn(page, url, lang);
      await tapEarly(page.getByRole('button', { name: tr(lang, 'listings:safety.link') }));
      await expect(page.getByRole('dialog', { name: tr(lang, 'listings:safety.title') })).toBeVisible({ timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());

      // 'Share' is the browser's (a share sheet, or the menu): tapped as soon as it shows.
      await openDrawn(page, url, lang);
      await tapEarly(page.getByRole('button', { name: tr(lang, 'extras:share.button') }));
      await expect(page.getByRole('dialog', { name: tr(lang, 'extras:share.menuTitle') })).toBeVisible({ timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());

      // Links to sign-in that carry the way back ('Save': the next journey).
      const leads: Array<[string, RegExp]> = [
        [tr(lang, 'listings:report.open'), signInBackTo(url)],
        [tr(lang, 'listings:freshness.askButton'), signInBackTo(url)],
      ];
      for (const [name, to] of leads) {
        await openDrawn(page, url, lang);
        await tapEarly(page.getByRole('link', { name, exact: true }));
        await expect(page).toHaveURL(to);
        await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      }

      await openDrawn(page, url, lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'listings:detail.backToBrowse') }));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();
    });

    test(`'Save' on /l/{id} leads to sign-in, and back on the listing it is saved (${lang})`, async ({ page, request }) => {
      const listing = await createLiveListing(request);
      const tenant = await apiSignUp(request, { role: 'tenant' });
      const url = `/l/${listing.id}`;
      await holdScripts(page);
      await openDrawn(page, url, lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'favourites:heart.save'), exact: true }));
      await expect(page).toHaveURL(signInBackTo(`${url}?save=1`));
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // Signed up a moment ago: the code it asked for then would hold the next one a minute.
      await endCodeCooldown(request, tenant.phone);
      await logInViaUi(page, tenant.phone, lang);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(url)}$`));
      await expect(page.getByRole('button', { name: tr(lang, 'favourites:heart.saved') })).toHaveAttribute('aria-pressed', 'true');
    });

    test(`a card's heart on /browse leads to sign-in, and back on the listing it is saved (${lang})`, async ({ page, request }) => {
      const listing = await createLiveListing(request, { title: `Early heart villa ${Math.floor(Math.random() * 1e6)}` });
      const tenant = await apiSignUp(request, { role: 'tenant' });
      const url = `/l/${listing.id}`;
      await holdScripts(page);
      await openDrawn(page, `/browse?q=${encodeURIComponent(listing.title)}`, lang);
      await tapEarly(cardOf(page, listing.id).getByRole('link', { name: tr(lang, 'listings:card.save'), exact: true }));
      await expect(page).toHaveURL(signInBackTo(`${url}?save=1`));
      await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // Signed up a moment ago: the code it asked for then would hold the next one a minute.
      await endCodeCooldown(request, tenant.phone);
      await logInViaUi(page, tenant.phone, lang);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(url)}$`));
      await expect(page.getByRole('button', { name: tr(lang, 'favourites:heart.saved') })).toHaveAttribute('aria-pressed', 'true');
    });

    test(`/browse: a filter's chip, 'Clear filters', 'Show more homes', the way back to the newest and a card (${lang})`, async ({ page, request }) => {
      const listing = await createLiveListing(request, { title: `Early tap villa ${Math.floor(Math.random() * 1e6)}` });
      const { lastScriptAt } = await holdScripts(page);

      await openDrawn(page, '/browse?subcity=Bole', lang);
      await tapEarly(page.getByRole('button', { name: `${tr(lang, 'listings:subcities.Bole')} ${tr(lang, 'listings:filters.chipRemove')}` }));
      await expect(page).toHaveURL(/\/browse$/, { timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());

      await openDrawn(page, '/browse?q=nowhere-at-all-xyz', lang);
      await tapEarly(page.getByRole('button', { name: tr(lang, 'listings:filters.clear') }));
      await expect(page).toHaveURL(/\/browse$/, { timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());
      await expect(
        page
          .getByRole('list', { name: tr(lang, 'listings:browse.resultsLabel') })
          .getByRole('link')
          .first(),
      ).toBeVisible();

      await openDrawn(page, '/browse', lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'listings:browse.showMore') }));
      await expect(page).toHaveURL(/\/browse\?cursor=/);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'listings:browse.fromNewest') }));
      await expect(page).toHaveURL(/\/browse$/);

      await openDrawn(page, `/browse?q=${encodeURIComponent(listing.title)}`, lang);
      await tapEarly(page.locator(`main a[href="/l/${listing.id}"]`).first());
      await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    });

    test(`the top bar and the footer: data saver, 'Post property', Login, the logo, Privacy and Terms, the language (${lang})`, async ({ page }) => {
      const { lastScriptAt } = await holdScripts(page);

      await openDrawn(page, '/browse', lang);
      const saver = page.getByRole('button', { name: tr(lang, 'common:dataSaver.label') });
      await tapEarly(saver);
      await expect(saver).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());

      await openDrawn(page, '/browse', lang);
      await tapEarly(page.getByRole('button', { name: tr(lang, 'common:nav.postProperty') }));
      await expect(page.getByRole('link', { name: tr(lang, 'common:nav.postWizard') })).toBeVisible({ timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());

      await openDrawn(page, '/browse', lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'common:nav.login'), exact: true }));
      await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();

      await openDrawn(page, '/browse', lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'common:brand.homeLink') }));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'landing:hero.title') })).toBeVisible();

      await openDrawn(page, '/browse', lang);
      await tapEarly(page.getByRole('contentinfo').getByRole('link', { name: tr(lang, 'common:siteFooter.privacy') }));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'legal:privacy.title') })).toBeVisible();
      await tapEarly(page.getByRole('link', { name: tr(lang, 'legal:links.terms') }));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'legal:terms.title') })).toBeVisible();
      await tapEarly(page.getByRole('group', { name: tr(lang, 'common:language.label') }).getByRole('link', { name: nativeName(other(lang)), exact: true }));
      await expect(page.getByRole('heading', { level: 1, name: tr(other(lang), 'legal:terms.title') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', other(lang));
    });

    test(`the welcome pages' calls to action (${lang})`, async ({ page }) => {
      const { lastScriptAt } = await holdScripts(page);

      await openDrawn(page, '/', lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'landing:audiences.tenant.title') }));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'tenant:hero.title') })).toBeVisible();
      await tapEarly(page.getByRole('link', { name: tr(lang, 'tenant:hero.cta') }));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();

      await openDrawn(page, '/tenant/welcome', lang);
      const featured = page
        .getByRole('list', { name: tr(lang, 'tenant:featured.title') })
        .getByRole('link')
        .first();
      await expect(featured).toBeVisible();
      const href = await featured.getAttribute('href');
      await tapEarly(featured);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href!)}$`));

      // The landlord's 'Log in' comes back to posting; the wizard's 'Next' checks the step once live.
      await openDrawn(page, '/landlord/welcome', lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'landlord:welcome.login'), exact: true }));
      await expect(page).toHaveURL(signInBackTo('/post-property'));
      await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();

      await openDrawn(page, '/landlord/welcome', lang);
      const stepErrors = page.getByRole('region', { name: tr(lang, 'landlord:welcome.wizardTitle') }).getByRole('alert');
      await expect(stepErrors).toHaveCount(0);
      await tapEarly(page.getByRole('button', { name: tr(lang, 'landlord:wizard.next') }));
      // The step is checked: what is missing is said.
      await expect(stepErrors.first()).toBeVisible({ timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());

      // A step's dot jumps to its step once live.
      await openDrawn(page, '/landlord/welcome', lang);
      await tapEarly(page.getByRole('button', { name: stepName(lang, 3, 'photos') }));
      await expect(page.getByRole('heading', { level: 2, name: stepName(lang, 3, 'photos') })).toBeVisible({ timeout: 20_000 });
      expectSoonAfterCode(Date.now(), lastScriptAt());

      // A broker's plan: sign-up as a broker, the plan kept.
      await openDrawn(page, '/delala/welcome', lang);
      await tapEarly(page.getByRole('link', { name: new RegExp(`^${escapeRegExp(tr(lang, 'delala:plans.choose'))}`) }).first());
      await expect(page).toHaveURL(/\/signup\?role=delala&plan=post_credit_1/);
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.title') })).toBeVisible();
    });

    test(`sign-in and sign-up lead to each other with the way back kept (${lang})`, async ({ page }) => {
      const from = '/l/00000000-0000-4000-8000-000000000000';
      await holdScripts(page);
      await openDrawn(page, `/signup?from=${encodeURIComponent(from)}`, lang);
      await tapEarly(page.getByRole('link', { name: tr(lang, 'auth:signup.loginLink'), exact: true }));
      await expect(page).toHaveURL(signInBackTo(from));
      await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();
      await tapEarly(page.getByRole('link', { name: tr(lang, 'auth:login.signupLink'), exact: true }));
      await expect(page).toHaveURL(new RegExp(`/signup\\?(.*&)?from=${escapeRegExp(encodeURIComponent(from))}`));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.title') })).toBeVisible();
      // The brand leads home.
      await tapEarly(page.getByRole('link', { name: tr(lang, 'common:brand.name') }).first());
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'landing:hero.title') })).toBeVisible();
    });
  });

  test.describe(`JavaScript off, every page's ways on (${lang})`, () => {
    test(`a listing's photo opens large, steps through the photos and goes back to the listing (${lang})`, async ({ browser, request, baseURL }) => {
      const listing = await createLiveListing(request, { photos: 3 });
      const url = `/l/${listing.id}`;
      const page = await withoutJs(browser, baseURL!, lang);
      const onListing = async () => {
        await expect(page).toHaveURL(new RegExp(`${escapeRegExp(url)}$`));
        await expect(page.getByRole('heading', { level: 1, name: listing.title, exact: true })).toBeVisible();
      };
      try {
        await page.goto(url);
        await page.getByRole('link', { name: tr(lang, 'listings:gallery.open', { n: 1, total: 3 }) }).click();
        await expect(page).toHaveURL(new RegExp(`${escapeRegExp(url)}\\?photo=1$`));
        await expectPhotoLarge(page, lang, listing.title, 1, 3);
        await expectNoDeadButtons(page);
        await page.getByRole('link', { name: tr(lang, 'listings:gallery.next') }).click();
        await expectPhotoLarge(page, lang, listing.title, 2, 3);
        await page.getByRole('link', { name: tr(lang, 'listings:gallery.previous') }).click();
        await expectPhotoLarge(page, lang, listing.title, 1, 3);
        // Before the first comes the last.
        await page.getByRole('link', { name: tr(lang, 'listings:gallery.previous') }).click();
        await expectPhotoLarge(page, lang, listing.title, 3, 3);
        await page.getByRole('link', { name: tr(lang, 'common:actions.close'), exact: true }).click();
        await onListing();

        // A small photo opens its own; the phone's Back comes back to the listing.
        await page.getByRole('link', { name: tr(lang, 'listings:gallery.open', { n: 3, total: 3 }) }).click();
        await expectPhotoLarge(page, lang, listing.title, 3, 3);
        await page.goBack();
        await onListing();

        // With the data saver on, the listing's photos wait for a tap, and the one opened is shown.
        await page.goto(`${url}?saver=1`);
        await onListing();
        await expect(page.locator('main img')).toHaveCount(0);
        await page.getByRole('link', { name: tr(lang, 'listings:gallery.open', { n: 2, total: 3 }) }).click();
        await expectPhotoLarge(page, lang, listing.title, 2, 3);
      } finally {
        await page.context().close();
      }
    });

    test(`the landlord's wizard is walked step by step to sign-in, which leads back to posting (${lang})`, async ({ browser, baseURL }) => {
      const page = await withoutJs(browser, baseURL!, lang);
      const keys = ['property', 'pricing', 'photos', 'contact', 'verifyPublish'];
      const wizard = page.getByRole('region', { name: tr(lang, 'landlord:welcome.wizardTitle') });
      const onStep = async (step: number) => {
        if (step > 1) await expect(page).toHaveURL(new RegExp(`/landlord/welcome\\?step=${step}#wizard-title$`));
        await expect(wizard.getByRole('heading', { level: 2, name: stepName(lang, step, keys[step - 1]!) })).toBeVisible();
        // The wizard's buttons need the app: links stand in for them.
        await expectNoDeadButtons(page);
      };
      try {
        await page.goto('/landlord/welcome');
        // (Playwright's getByText does not look into this <noscript>'s alert: the paragraph by its text.)
        await expect(wizard.locator('p', { hasText: tr(lang, 'landlord:welcome.noScript.note') })).toBeVisible();
        await onStep(1);
        for (const step of [2, 3, 4, 5]) {
          await wizard.getByRole('link', { name: tr(lang, 'landlord:wizard.next'), exact: true }).click();
          await onStep(step);
        }
        await wizard.getByRole('link', { name: tr(lang, 'landlord:wizard.previous'), exact: true }).click();
        await onStep(4);
        // A step's dot leads to it.
        await wizard.getByRole('link', { name: stepName(lang, 2, 'pricing') }).click();
        await onStep(2);
        await wizard.getByRole('link', { name: stepName(lang, 5, 'verifyPublish') }).click();
        await onStep(5);
        await expect(wizard.locator('p', { hasText: tr(lang, 'landlord:welcome.noScript.finish') })).toBeVisible();
        await wizard.getByRole('link', { name: tr(lang, 'landlord:welcome.noScript.signIn'), exact: true }).click();
        await expect(page).toHaveURL(signInBackTo('/post-property'));
        await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);

        // The other welcome pages have no button that needs the app either.
        for (const path of ['/', '/tenant/welcome', '/delala/welcome']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoDeadButtons(page);
        }
      } finally {
        await page.context().close();
      }
    });

    test(`/l/{id}'s 'Share' opens the address and the links to share it, 'Safety tips' the tips; a card's heart leads to sign-in (${lang})`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const listing = await createLiveListing(request, { title: `Plain share villa ${Math.floor(Math.random() * 1e6)}` });
      const url = `/l/${listing.id}`;
      const address = `${baseURL}${url}`;
      const page = await withoutJs(browser, baseURL!, lang);
      try {
        await page.goto(url);
        // The button that needs code is not shown; its stand-in opens in place.
        await expect(page.getByRole('button', { name: tr(lang, 'extras:share.button') })).toBeHidden();
        const field = page.getByRole('textbox', { name: tr(lang, 'extras:share.linkLabel') });
        await expect(field).toBeHidden();
        await page.locator('summary', { hasText: tr(lang, 'extras:share.button') }).click();
        await expect(field).toBeVisible();
        await expect(field).toHaveValue(address);
        await expect(page.getByRole('link', { name: tr(lang, 'extras:share.telegram'), exact: true })).toHaveAttribute(
          'href',
          new RegExp(`^https://t\\.me/share/url\\?url=${escapeRegExp(encodeURIComponent(address))}&text=.+`),
        );
        await expect(page.getByRole('link', { name: tr(lang, 'extras:share.whatsapp'), exact: true })).toHaveAttribute(
          'href',
          new RegExp(`^https://wa\\.me/\\?text=.*${escapeRegExp(encodeURIComponent(address))}$`),
        );

        // 'Safety tips' opens in place, too.
        await expect(page.getByRole('button', { name: tr(lang, 'listings:safety.link') })).toBeHidden();
        const tip = page.getByText(tr(lang, 'listings:safety.tips.meetPublic.title'), { exact: true });
        await expect(tip).toBeHidden();
        await page.locator('summary', { hasText: tr(lang, 'listings:safety.link') }).click();
        await expect(tip).toBeVisible();

        await page.goto(`/browse?q=${encodeURIComponent(listing.title)}`);
        await cardOf(page, listing.id)
          .getByRole('link', { name: tr(lang, 'listings:card.save'), exact: true })
          .click();
        await expect(page).toHaveURL(signInBackTo(`${url}?save=1`));
        await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();
      } finally {
        await page.context().close();
      }
    });

    test(`the data saver turns on and off, and 'Post property' opens its ways (${lang})`, async ({ browser, baseURL }) => {
      const page = await withoutJs(browser, baseURL!, lang);
      try {
        await page.goto('/browse');
        await expect(page.getByRole('button', { name: tr(lang, 'common:dataSaver.label') })).toBeHidden();
        const saver = page.getByRole('switch', { name: tr(lang, 'common:dataSaver.label') });
        await expect(saver).toHaveAttribute('aria-checked', 'false');
        // The cards' photos: shown, then waiting for a tap (no photo asked for).
        const photos = page.locator('main article img');
        await expect(photos.first()).toBeVisible();
        await saver.click();
        // The same page, drawn again with photos waiting for a tap, the address as it was.
        await expect(page).toHaveURL(/\/browse$/);
        await expect(saver).toHaveAttribute('aria-checked', 'true');
        await expect(photos).toHaveCount(0);
        await expect(page.locator('main article').first()).toBeVisible();
        // Kept for the next page.
        await page.goto('/browse?subcity=Bole');
        await expect(saver).toHaveAttribute('aria-checked', 'true');
        await expect(photos).toHaveCount(0);
        await saver.click();
        await expect(page).toHaveURL(/\/browse\?subcity=Bole$/);
        await expect(saver).toHaveAttribute('aria-checked', 'false');
        await expect(photos.first()).toBeVisible();

        await page.goto('/browse');
        await expect(page.getByRole('button', { name: tr(lang, 'common:nav.postProperty') })).toBeHidden();
        const wizard = page.getByRole('link', { name: tr(lang, 'common:nav.postWizard') });
        await expect(wizard).toBeHidden();
        await openPlainPostMenu(page, lang);
        await wizard.click();
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'landlord:welcome.title') })).toBeVisible();
        await page.goto('/browse');
        await openPlainPostMenu(page, lang);
        await page.getByRole('link', { name: tr(lang, 'common:nav.postOwner') }).click();
        await expect(page).toHaveURL(signInBackTo('/post/owner'));
        await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();
        await page.goto('/browse');
        await openPlainPostMenu(page, lang);
        await page.getByRole('link', { name: tr(lang, 'common:nav.postAsBroker') }).click();
        await expect(page).toHaveURL(/\/delala\/welcome$/);
      } finally {
        await page.context().close();
      }
    });

    test(`/l/{id}'s 'Save', 'Report' and 'Is it still available?', the welcome pages, sign-in and sign-up, the legal pages (${lang})`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const listing = await createLiveListing(request);
      const url = `/l/${listing.id}`;
      const page = await withoutJs(browser, baseURL!, lang);
      try {
        for (const [name, to] of [
          [tr(lang, 'favourites:heart.save'), signInBackTo(`${url}?save=1`)],
          [tr(lang, 'listings:report.open'), signInBackTo(url)],
          [tr(lang, 'listings:freshness.askButton'), signInBackTo(url)],
        ] as const) {
          await page.goto(url);
          await page.getByRole('link', { name, exact: true }).click();
          await expect(page).toHaveURL(to);
          await expect(page.getByRole('heading', loginHeading(lang))).toBeVisible();
        }
        // From sign-in to sign-up and back, the way back kept.
        await page.getByRole('link', { name: tr(lang, 'auth:login.signupLink'), exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.title') })).toBeVisible();
        await page.getByRole('link', { name: tr(lang, 'auth:signup.loginLink'), exact: true }).click();
        await expect(page).toHaveURL(signInBackTo(url));

        await page.goto('/landlord/welcome');
        await page.getByRole('link', { name: tr(lang, 'landlord:welcome.login'), exact: true }).click();
        await expect(page).toHaveURL(signInBackTo('/post-property'));

        await page.goto('/delala/welcome');
        await page
          .getByRole('link', { name: new RegExp(`^${escapeRegExp(tr(lang, 'delala:plans.choose'))}`) })
          .last()
          .click();
        await expect(page).toHaveURL(/\/signup\?role=delala&plan=post_subscription_delala_unlimited/);

        await page.goto('/tenant/welcome');
        await page.getByRole('link', { name: tr(lang, 'tenant:hero.cta') }).click();
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();

        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: tr(lang, 'common:siteFooter.terms') })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'legal:terms.title') })).toBeVisible();
        await page.getByRole('link', { name: tr(lang, 'legal:links.privacy') }).click();
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'legal:privacy.title') })).toBeVisible();
        await page
          .getByRole('link', { name: nativeName(other(lang)), exact: true })
          .first()
          .click();
        await expect(page.getByRole('heading', { level: 1, name: tr(other(lang), 'legal:privacy.title') })).toBeVisible();
      } finally {
        await page.context().close();
      }
    });
  });
}
