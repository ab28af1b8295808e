import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession, type ApiSession } from './support/auth';
import type { Lang } from './support/i18n';

/**
 * A title the app made ('{Type} in {subcity}') is read in the reader's language
 * everywhere a listing is named (browse card, detail heading, page title and link preview, inbox,
 * chat header, My unlocks); a title the poster typed stays exactly as typed.
 */

const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/room-1.jpg');

/** The generated title of a 2-bedroom apartment in Bole, as each language says it. */
const GENERATED: Record<Lang, string> = { en: 'Apartment in Bole', am: 'በቦሌ የሚገኝ አፓርትመንት' };

async function call<T>(request: APIRequestContext, session: ApiSession, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${url}`, { method, data, headers: { authorization: `Bearer ${session.token}` } });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A live listing: the title as the wizard sends it (generated) or as a poster typed it. */
async function postListing(request: APIRequestContext, owner: ApiSession, price: number, title: { generated: true } | { typed: string }): Promise<string> {
  const up = await request.post('/api/uploads', {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: { file: { name: 'room-1.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) } },
  });
  expect(up.ok(), await up.text()).toBe(true);
  const { key } = (await up.json()) as { key: string };
  const draft = await call<{ _id: string }>(request, owner, 'POST', '/listings', {
    ...('generated' in title ? { title: GENERATED.en, title_generated: true } : { title: title.typed }),
    description: 'Bright apartment with a balcony, a water tank and a guard.',
    type: 'apartment',
    price_etb: price,
    bedrooms: 2,
    bathrooms: 1,
    subcity: 'Bole',
    specific_location: 'Edna Mall',
    contact_preference: 'show',
  });
  await call(request, owner, 'PATCH', `/listings/${draft._id}`, { photos: [key] });
  await call(request, owner, 'POST', `/listings/${draft._id}/publish`);
  return draft._id;
}

/**
 * An owner's two live listings at `price`, one with the generated title and one with `typed`, and a
 * tenant who unlocked the owner's phone and wrote to the owner about the generated one.
 */
async function twoListingsAndATenant(request: APIRequestContext, price: number, typed: string) {
  const owner = await apiSignUp(request, { role: 'landlord', name: 'Abebe Kebede' });
  const generatedId = await postListing(request, owner, price, { generated: true });
  const typedId = await postListing(request, owner, price, { typed });
  const tenant = await apiSignUp(request, { role: 'tenant' });
  await call(request, tenant, 'POST', '/purchase', { sku: 'CREDIT_BUNDLE_10' });
  await call(request, tenant, 'POST', `/listings/${generatedId}/unlock-contact`);
  await call(request, tenant, 'POST', '/conversations', { listing_id: generatedId, initial_message: 'Is it still free?' });
  return { owner, generatedId, typedId, tenant };
}

for (const lang of ['am', 'en'] as const) {
  test(`${lang}: a generated title is read in the reader's language on every screen; a typed one stays as typed`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const title = GENERATED[lang];
    const typed = `Sunny flat near Edna Mall ${Math.floor(Math.random() * 1e6)}`;
    const price = 41_000 + Math.floor(Math.random() * 9_000);
    const { owner, generatedId, typedId, tenant } = await twoListingsAndATenant(request, price, typed);

    // The browse cards.
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/browse?price_min=${price}&price_max=${price}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const generatedCard = page.getByRole('link', { name: title, exact: true });
    await expect(generatedCard).toHaveAttribute('href', `/l/${generatedId}`);
    await expect(page.getByRole('link', { name: typed, exact: true })).toHaveAttribute('href', `/l/${typedId}`);
    if (lang === 'am') await expect(page.getByRole('link', { name: GENERATED.en })).toHaveCount(0);

    // The detail page: heading and the tab's title.
    await generatedCard.click();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));

    // What the server sends in the page head (link previews, search engines), in this language.
    const html = await (await request.get(`/l/${generatedId}?lng=${lang}`)).text();
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(title);
    expect(html).toContain(`<meta property="og:title" content="${title}`);

    // The typed title, as typed.
    await page.goto(`/l/${typedId}`);
    await expect(page.getByRole('heading', { level: 1, name: typed, exact: true })).toBeVisible();

    // The inbox row and the chat header.
    await page.goto('/chat');
    const row = page.getByRole('link').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(page.getByRole('banner').or(page.locator('header')).getByRole('link', { name: title, exact: true }).first()).toBeVisible();

    // My unlocks.
    await page.goto('/my-unlocks');
    await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/l/${generatedId}`);

    // The owner's own listings.
    await storeSession(page, owner, '/my-listings');
    await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/l/${generatedId}`);
    await expect(page.getByRole('link', { name: typed, exact: true })).toHaveAttribute('href', `/l/${typedId}`);
  });
}

/** The pictures of this change, at 360x800, in both languages: SCREENSHOTS=1 npx playwright test e2e/amharic-titles.spec.ts -g @screens */
for (const lang of ['en', 'am'] as const) {
  test(`${lang}: titles on the card, the detail page, the inbox and My unlocks @screens`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const price = 51_000 + Math.floor(Math.random() * 9_000);
    const { tenant } = await twoListingsAndATenant(request, price, 'Sunny flat near Edna Mall');
    await startInLanguage(page, lang);
    await storeSession(page, tenant, `/browse?price_min=${price}&price_max=${price}`);
    const card = page.getByRole('link', { name: GENERATED[lang], exact: true });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/amharic-titles/${lang}-1-browse.png` });
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: GENERATED[lang] })).toBeVisible();
    await page.screenshot({ path: `screenshots/amharic-titles/${lang}-2-detail.png` });
    await page.goto('/chat');
    await expect(page.getByRole('link').filter({ hasText: GENERATED[lang] })).toBeVisible();
    await page.screenshot({ path: `screenshots/amharic-titles/${lang}-3-inbox.png` });
    await page.goto('/my-unlocks');
    await expect(page.getByRole('link', { name: GENERATED[lang], exact: true })).toBeVisible();
    await page.screenshot({ path: `screenshots/amharic-titles/${lang}-4-unlocks.png` });
  });
}
