import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { startInLanguage, storeSession } from './support/auth';
import { filtersSheet } from './support/browse-filters';
import { createLiveListing } from './support/live-listing';
import { tr, type Lang } from './support/i18n';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The app's text for a key as a pattern: `vars` filled in, each of `numbers` any number. */
function textPattern(lang: Lang, key: string, vars: Record<string, string | number>, numbers: string[]): string {
  const marker = '\u0000';
  const text = tr(lang, key, { ...vars, ...Object.fromEntries(numbers.map((n) => [n, marker])) });
  return text.split(marker).map(escape).join('\\d+');
}

/** The result cards on /browse. */
function cards(page: Page): Locator {
  return page.getByRole('list', { name: /Search results|የፍለጋ ውጤቶች/ }).getByRole('article');
}

/** The birr amount a card shows ('12,500 ETB' / '12,500 ብር'). */
async function priceOf(card: Locator): Promise<number> {
  const text = await card.getByText(/^[\d,]+ (ETB|ብር)$/).textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

/**
 * Waits until the page shows results for the current URL, every card the count names drawn (the
 * first page of the app draws them a few per task), and answers how many cards there are.
 */
async function settled(page: Page, lang: Lang): Promise<number> {
  const counts = ['count_one', 'count_other', 'countMore'].map((key) => textPattern(lang, `listings:browse.${key}`, {}, ['count']));
  const count = page.getByText(new RegExp(`^(?:${counts.join('|')})$`));
  await expect(count).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const named = Number((await count.textContent())?.match(/\d+/)?.[0]);
  await expect(cards(page)).toHaveCount(named);
  return named;
}

/** Closes the filters sheet with Escape, as a person would to look at the list. */
async function closeFiltersSheet(page: Page, lang: Lang): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: tr(lang, 'listings:filters.title') })).toBeHidden();
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`browse filters narrow the results, Back keeps them, Clear filters restores them (${lang})`, async ({ page }) => {
    await startInLanguage(page, lang);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();
    const all = await settled(page, lang);
    expect(all).toBe(20);

    // Subcity: every card is in Gullele, named the way the language says it. (Gullele holds a few
    // homes, apartments among them; most journeys post theirs in Bole, which can fill a page.)
    const sheet = await filtersSheet(page, lang);
    await sheet.getByLabel(tr(lang, 'listings:filters.subcity')).selectOption('Gullele');
    await expect(page).toHaveURL(/\?subcity=Gullele$/);
    const inGullele = await settled(page, lang);
    expect(inGullele).toBeGreaterThan(0);
    expect(inGullele).toBeLessThan(all);
    const gullele = tr(lang, 'listings:subcities.Gullele');
    for (const card of await cards(page).all()) await expect(card).toContainText(gullele);

    // Type, on top of the subcity.
    await sheet.getByLabel(tr(lang, 'listings:filters.type')).selectOption('apartment');
    await expect(page).toHaveURL(/type=apartment/);
    const apartments = await settled(page, lang);
    expect(apartments).toBeLessThanOrEqual(inGullele);
    for (const card of await cards(page).all()) await expect(card).toContainText(tr(lang, 'listings:types.apartment'));

    // Price: a typed maximum applies after a pause.
    await sheet.getByLabel(tr(lang, 'listings:filters.type')).selectOption('');
    await sheet.getByLabel(tr(lang, 'listings:filters.subcity')).selectOption('');
    await expect(page).toHaveURL(/\/browse$/);
    await sheet.getByLabel(tr(lang, 'listings:filters.priceMax')).fill('15,000');
    await expect(page).toHaveURL(/\?price_max=15000$/);
    const cheap = await settled(page, lang);
    expect(cheap).toBeGreaterThan(0);
    for (const card of await cards(page).all()) expect(await priceOf(card)).toBeLessThanOrEqual(15000);

    // Nothing that cheap in the villas: the empty state offers to clear.
    await sheet.getByLabel(tr(lang, 'listings:filters.type')).selectOption('villa');
    await closeFiltersSheet(page, lang);
    await expect(page.getByRole('heading', { name: tr(lang, 'listings:browse.emptyTitle') })).toBeVisible();

    // Back returns to the previous filters, on the page and in the fields.
    await page.goBack();
    await expect(page).toHaveURL(/\?price_max=15000$/);
    expect(await settled(page, lang)).toBe(cheap);
    await filtersSheet(page, lang);
    await expect(sheet.getByLabel(tr(lang, 'listings:filters.type'))).toHaveValue('');
    await expect(sheet.getByLabel(tr(lang, 'listings:filters.priceMax'))).toHaveValue('15000');

    // On a phone the sheet's 'Clear all' is the form's 'Clear filters'.
    await sheet.getByRole('button', { name: tr(lang, 'listings:filters.clearAll') }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(sheet.getByLabel(tr(lang, 'listings:filters.priceMax'))).toHaveValue('');
    await closeFiltersSheet(page, lang);
    expect(await settled(page, lang)).toBe(all);
  });

  test(`a filter picked while a typed price is still pending is kept, with the price (${lang})`, async ({ page }) => {
    await startInLanguage(page, lang);
    await page.goto('/browse');
    await settled(page, lang);
    // The price applies after a pause; 'Brokers only' is picked before it ends. Both must stay.
    const sheet = await filtersSheet(page, lang);
    await sheet.getByLabel(tr(lang, 'listings:filters.priceMax')).fill('30000');
    await sheet.getByLabel(tr(lang, 'listings:filters.source')).selectOption('delala');
    await expect(page).toHaveURL(/[?&]price_max=30000(&|$)/);
    await expect(page).toHaveURL(/[?&]source=delala(&|$)/);
    // And the other way round: a subcity picked, then a minimum typed; the pause ends last.
    await sheet.getByLabel(tr(lang, 'listings:filters.priceMin')).fill('5000');
    await sheet.getByLabel(tr(lang, 'listings:filters.subcity')).selectOption('Bole');
    await expect(page).toHaveURL(/[?&]price_min=5000(&|$)/);
    await expect(page).toHaveURL(/[?&]subcity=Bole(&|$)/);
    await expect(page).toHaveURL(/[?&]source=delala(&|$)/);
    await expect(page).toHaveURL(/[?&]price_max=30000(&|$)/);
    await expect(sheet.getByLabel(tr(lang, 'listings:filters.source'))).toHaveValue('delala');
    await settled(page, lang);
  });

  test(`a card opens its listing, and the photo viewer works with the keyboard (${lang})`, async ({ page, request }) => {
    // Other journeys publish one-photo listings, which come first (newest first), in Bole: open
    // the newest home with several photos on the first page of a subcity's browse, so the viewer
    // has somewhere to step.
    let withPhotos: { _id: string; subcity: string } | undefined;
    for (const subcity of ['Yeka', 'Kirkos', 'Arada', 'Lideta', 'Gullele', 'Kolfe Keranio', 'Addis Ketema', 'Akaky Kaliti', 'Nefas Silk-Lafto', 'Bole']) {
      const firstPage = (await (await request.get(`/api/listings?limit=20&subcity=${encodeURIComponent(subcity)}`)).json()) as {
        listings: Array<{ _id: string; photo_count: number }>;
      };
      const found = firstPage.listings.find((l) => l.photo_count >= 3);
      if (found) {
        withPhotos = { _id: found._id, subcity };
        break;
      }
    }
    expect(withPhotos, 'a listing with 3+ photos on the first page of a subcity on /browse').toBeTruthy();
    await startInLanguage(page, lang);
    await page.goto(`/browse?subcity=${encodeURIComponent(withPhotos!.subcity)}`);
    await settled(page, lang);
    const first = cards(page).filter({ has: page.locator(`a[href="/l/${withPhotos!._id}"]`) });
    const title = (await first.getByRole('heading').textContent())!.trim();
    const price = await priceOf(first);
    await first.getByRole('link').click();

    await expect(page).toHaveURL(/\/l\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await priceOf(page.locator('main header'))).toBe(price);
    await expect(page.getByRole('heading', { name: tr(lang, 'listings:detail.descriptionTitle') })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: new RegExp(`${tr(lang, 'listings:contact.title.owner')}|${tr(lang, 'listings:contact.title.broker')}`) }),
    ).toBeVisible();

    // The first photo is a link to its own page; with the app live, Enter opens the viewer on it instead.
    const mainPhoto = page.getByRole('link', { name: new RegExp(`^${textPattern(lang, 'listings:gallery.open', { n: 1 }, ['total'])}$`) });
    await mainPhoto.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText(/^1 \/ \d+$/)).toBeVisible();
    const total = Number((await viewer.getByText(/^1 \/ \d+$/).textContent())!.split('/')[1]);
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`2 / ${total}`)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(`${total} / ${total}`)).toBeVisible();
    // The shown image is the one its alt text names.
    await expect(viewer.getByRole('img')).toHaveAttribute('alt', tr(lang, 'listings:gallery.photoAlt', { n: total, total, title }));
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(mainPhoto).toBeFocused();
  });

  test(`a missing listing shows the not-found text (${lang})`, async ({ page }) => {
    await startInLanguage(page, lang);
    await page.goto('/l/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: tr(lang, 'listings:detail.notFoundTitle') })).toBeVisible();
    await expect(page.getByText(tr(lang, 'listings:detail.notFoundText'))).toBeVisible();
    await page.getByRole('link', { name: tr(lang, 'listings:detail.browseOthers') }).click();
    await expect(page).toHaveURL(/\/browse$/);
  });
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`my listings: the grid holds the live listings, drafts have their own section and count (${lang})`, async ({ page, request }) => {
    const live = await createLiveListing(request);
    const draftTitle = `Draft flat near Bole ${Math.floor(Math.random() * 1e6)}`;
    const res = await request.post('/api/listings', {
      headers: { authorization: `Bearer ${live.landlord.token}` },
      data: {
        title: draftTitle,
        description: 'A draft that is not finished yet, with no photos.',
        type: 'apartment',
        price_etb: 9000,
        bedrooms: 1,
        bathrooms: 1,
        subcity: 'Bole',
        specific_location: 'Bole Medhanealem',
        contact_preference: 'show',
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await startInLanguage(page, lang);
    await storeSession(page, live.landlord, '/my-listings');

    const grid = page.getByRole('list', { name: tr(lang, 'listings:mine.listLabel') });
    await expect(grid.getByRole('article')).toHaveCount(1);
    await expect(grid).toContainText(live.title);
    await expect(grid).not.toContainText(draftTitle);
    await expect(page.getByRole('heading', { level: 2, name: tr(lang, 'listings:mine.listTitle_one', { count: 1 }) })).toBeVisible();
    const drafts = page.getByRole('region', { name: tr(lang, 'listings:mine.draftsTitle_one', { count: 1 }) });
    await expect(drafts.getByRole('article')).toHaveCount(1);
    await expect(drafts).toContainText(draftTitle);
    await expect(drafts).toContainText(tr(lang, 'listings:card.draft'));
  });
}

test('the listing routes send people where they belong', async ({ page }) => {
  await startInLanguage(page, 'en');
  await page.goto('/tenant/search?subcity=Yeka');
  await expect(page).toHaveURL(/\/browse\?subcity=Yeka$/);
  await expect((await filtersSheet(page, 'en')).getByLabel('Subcity')).toHaveValue('Yeka');

  await page.goto('/landlord');
  await expect(page).toHaveURL(/\/landlord\/welcome$/);

  await page.goto('/my-listings');
  await expect(page).toHaveURL(/\/login$/);
});
