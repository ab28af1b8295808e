import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { axeViolations } from './support/axe';
import { startInLanguage } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { smallTargets } from './support/touch-targets';

/**
 * /browse on a phone: the listings come first. At 360 x 800 a compact bar
 * (place search and a 'Filters' button with the number of filters on) stands above the results,
 * and the first card's whole box is on the first screen; the filters open in a sheet (a modal
 * dialog: focus kept inside, Escape and its close button close it), apply as they are chosen
 * (the URL and the list follow), and show as chips that remove their filter. A price typed in the
 * sheet and a choice made before it applies are both kept (point 1). At 1280 px wide the form
 * stands inline, with no bar.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function cards(page: Page): Locator {
  return page.getByRole('list', { name: /Search results|የፍለጋ ውጤቶች/ }).getByRole('article');
}

/** The 'Filters' button: its name is 'Filters', or 'Filters 3 active' with filters on. */
function filtersButton(page: Page, lang: Lang): Locator {
  const active = `${escape(tr(lang, 'listings:filters.activeSuffix_one'))}|${escape(tr(lang, 'listings:filters.activeSuffix_other'))}`;
  return page.getByRole('button', { name: new RegExp(`^${escape(tr(lang, 'listings:filters.open'))}(?: \\d+ (?:${active}))?$`) });
}

/** The number of filters the 'Filters' button says are on (0 when it names none). */
async function filtersCount(page: Page, lang: Lang): Promise<number> {
  const button = filtersButton(page, lang);
  const name = (await button.getAttribute('aria-label')) ?? (await button.evaluate((el) => el.textContent ?? ''));
  return Number(/\d+/.exec(name)?.[0] ?? 0);
}

/** A removable chip of an active filter, by the text it shows. */
function chip(page: Page, lang: Lang, text: string): Locator {
  return page
    .getByRole('list', { name: tr(lang, 'listings:filters.chipsLabel') })
    .getByRole('button', { name: `${text} ${tr(lang, 'listings:filters.chipRemove')}`, exact: true });
}

/** Waits for the results of the URL's filters, and answers the listing ids shown. */
async function shownIds(page: Page): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const count = page.getByRole('status').filter({ hasText: /\d/ });
  await expect(count).toBeVisible();
  const named = Number(/\d+/.exec((await count.textContent()) ?? '')?.[0]);
  await expect(cards(page)).toHaveCount(named);
  const hrefs = await cards(page)
    .locator('a[href^="/l/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return [...new Set(hrefs.map((h) => h.slice('/l/'.length)))].sort();
}

/** The ids the API answers for the page URL's query (its first page, as /browse asks). */
async function apiIds(request: APIRequestContext, page: Page): Promise<string[]> {
  const search = new URL(page.url()).searchParams;
  search.set('limit', '20');
  const body = (await (await request.get(`/api/listings?${search}`)).json()) as { listings: Array<{ _id: string }> };
  return body.listings.map((l) => l._id).sort();
}

/** Is the focus on a control inside the open modal dialog? */
function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    const el = document.activeElement;
    return Boolean(dialog && el && el !== dialog && dialog.contains(el) && dialog.matches(':modal'));
  });
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`on a phone /browse shows a listing first, filters open in a sheet and show as chips (${lang})`, async ({ page, request }) => {
    // A broker's home to aim the filters at, so they find something: its type, subcity and price.
    const brokers = (await (await request.get('/api/listings?source=delala&limit=20')).json()) as {
      listings: Array<{ _id: string; type: string; subcity: string; price_etb: number }>;
    };
    const target = brokers.listings.find((l) => l.type !== 'condo');
    expect(target, 'a live broker listing in the demo data').toBeTruthy();
    const { type, subcity, price_etb: price } = target!;

    // The newest home, so the first card: a title of two lines on a phone, as many have.
    const newest = await createLiveListing(request, { title: `Furnished 2-bedroom apartment near Edna Mall ${Math.floor(Math.random() * 1e6)}` });

    await startInLanguage(page, lang);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();
    await expect(cards(page).first()).toContainText(newest.title);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    // On arrival, unscrolled: the first card's whole box is on the screen.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await cards(page).first().boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y, 'the first card starts on the screen').toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `the first card (${Math.round(box.y)} to ${Math.round(box.y + box.height)} px) ends on the 800 px screen`).toBeLessThanOrEqual(
      viewport.height,
    );
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    // The bar: place search and 'Filters' with none on; the form's fields wait in the sheet.
    await expect(page.getByLabel(tr(lang, 'listings:filters.place'))).toBeVisible();
    await expect(filtersButton(page, lang)).toBeVisible();
    expect(await filtersCount(page, lang)).toBe(0);
    await expect(page.getByLabel(tr(lang, 'listings:filters.subcity'))).toHaveCount(0);
    await expect(page.getByRole('list', { name: tr(lang, 'listings:filters.chipsLabel') })).toHaveCount(0);

    // The sheet is a modal dialog: focus inside, Tab stays inside, Escape closes it and the focus
    // is back on 'Filters'.
    const sheet = page.getByRole('dialog', { name: tr(lang, 'listings:filters.title') });
    await filtersButton(page, lang).click();
    await expect(sheet).toBeVisible();
    await expect.poll(() => focusInDialog(page)).toBe(true);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInDialog(page), `Tab ${i + 1} keeps the focus in the sheet`).toBe(true);
    }
    const small = await smallTargets(page);
    expect(
      small.map((s) => `${s.what} "${s.text}" ${s.width} x ${s.height}`),
      'the sheet has no small touch targets',
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page, 'the sheet open'), 'axe').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(filtersButton(page, lang)).toBeFocused();

    // Filters chosen in the sheet apply at once: URL, list and the sheet's 'Show N homes'.
    await filtersButton(page, lang).click();
    await sheet.getByLabel(tr(lang, 'listings:filters.subcity')).selectOption(subcity);
    await expect(page).toHaveURL(new RegExp(`[?&]subcity=${escape(encodeURIComponent(subcity).replace(/%20/g, '+'))}(&|$)`));
    await sheet.getByLabel(tr(lang, 'listings:filters.type')).selectOption(type);
    await expect(page).toHaveURL(new RegExp(`[?&]type=${type}(&|$)`));
    // Point 1 in the sheet: a max price typed, 'Brokers only' picked before it applies: both stay.
    await sheet.getByLabel(tr(lang, 'listings:filters.priceMax')).fill(String(price));
    await sheet.getByLabel(tr(lang, 'listings:filters.source')).selectOption('delala');
    await expect(page).toHaveURL(new RegExp(`[?&]price_max=${price}(&|$)`));
    await expect(page).toHaveURL(/[?&]source=delala(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]type=${type}(&|$)`));
    const expected = await apiIds(request, page);
    expect(expected, 'the chosen filters find the broker home they were aimed at').toContain(target!._id);
    const showOne = tr(lang, 'listings:filters.showResults_one', { count: expected.length });
    const showOther = tr(lang, 'listings:filters.showResults_other', { count: expected.length });
    const show = sheet.getByRole('button', { name: new RegExp(`^(?:${escape(showOne)}|${escape(showOther)})$`) });
    await expect(show).toBeVisible();
    await show.click();
    await expect(sheet).toBeHidden();
    expect(await shownIds(page)).toEqual(expected);

    // The button counts four filters; each shows as a chip.
    expect(await filtersCount(page, lang)).toBe(4);
    const subcityChip = chip(page, lang, tr(lang, `listings:subcities.${subcity}`));
    await expect(subcityChip).toBeVisible();
    await expect(chip(page, lang, tr(lang, `listings:types.${type}`))).toBeVisible();
    await expect(chip(page, lang, tr(lang, 'listings:filters.sourceOnly.delala'))).toBeVisible();
    const priceText = `${String(price).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${lang === 'am' ? 'ብር' : 'ETB'}`;
    const priceChip = chip(page, lang, tr(lang, 'listings:filters.chipPriceMax', { price: priceText }));
    await expect(priceChip).toBeVisible();
    expect(await axeViolations(page, 'the bar with chips'), 'axe').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // Removing a chip removes its filter, from the URL and the list; the count follows.
    await subcityChip.click();
    await expect(page).not.toHaveURL(/subcity=/);
    await expect(page).toHaveURL(/[?&]source=delala(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]price_max=${price}(&|$)`));
    await expect(subcityChip).toHaveCount(0);
    await expect.poll(() => filtersCount(page, lang)).toBe(3);
    const wider = await apiIds(request, page);
    expect(wider.length).toBeGreaterThanOrEqual(expected.length);
    expect(await shownIds(page)).toEqual(wider);
    // The focus moves on to the next chip, not back to the top of the page.
    await expect(priceChip).toBeFocused();

    await priceChip.click();
    await expect(page).not.toHaveURL(/price_max=/);
    await expect.poll(() => filtersCount(page, lang)).toBe(2);
    expect(await shownIds(page)).toEqual(await apiIds(request, page));

    // 'Clear all' in the sheet takes every filter off; the close button closes the sheet.
    await filtersButton(page, lang).click();
    await expect(sheet.getByLabel(tr(lang, 'listings:filters.source'))).toHaveValue('delala');
    await sheet.getByRole('button', { name: tr(lang, 'listings:filters.clearAll') }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(sheet.getByLabel(tr(lang, 'listings:filters.source'))).toHaveValue('');
    await sheet.getByRole('button', { name: tr(lang, 'common:actions.close') }).click();
    await expect(sheet).toBeHidden();
    await expect(filtersButton(page, lang)).toBeFocused();
    expect(await filtersCount(page, lang)).toBe(0);
    await expect(page.getByRole('list', { name: tr(lang, 'listings:filters.chipsLabel') })).toHaveCount(0);
    expect(await shownIds(page)).toHaveLength(20);

    // A price typed in the sheet is not lost when the sheet is closed before its pause ends.
    await filtersButton(page, lang).click();
    await sheet.getByLabel(tr(lang, 'listings:filters.priceMin')).fill('5000');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/[?&]price_min=5000(&|$)/);
    expect(await filtersCount(page, lang)).toBe(1);

    // Wide screen: the form inline, no bar and no sheet button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByLabel(tr(lang, 'listings:filters.subcity'))).toBeVisible();
    await expect(page.getByLabel(tr(lang, 'listings:filters.priceMin'))).toHaveValue('5000');
    await expect(filtersButton(page, lang)).toHaveCount(0);
    await expect(page.getByRole('list', { name: tr(lang, 'listings:filters.chipsLabel') })).toHaveCount(0);
  });
}
