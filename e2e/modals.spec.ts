import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing } from './support/live-listing';
import { smallTargets } from './support/touch-targets';

/**
 * Every modal of the app traps and returns focus, in English and Amharic, opened with
 * the keyboard: the listing report form, the safety tips, the photo viewer, the conversation
 * report form, and the owner's two confirmations (mark as rented, delete). For each one:
 *  - it opens as a modal <dialog> (the page behind is inert) with the focus inside;
 *  - Tab, pressed once more than it has stops, cycles through its controls and never leaves it,
 *    with a visible focus ring at every stop; Shift+Tab the same way backwards;
 *  - its controls are touch targets of at least 44 x 44 px (e2e/support/touch-targets.ts);
 *  - Escape closes it and the focus is back on the control that opened it;
 *  - opened again and closed with its own close or cancel button, the focus is back there too.
 * The admin screens and the out-of-credits questions use the browser's own confirm/prompt/alert,
 * which block the page by themselves; the last test proves the focus is back on
 * the button after one is answered (a busy button stays focusable: components/ui/button.tsx).
 */

/** Is the focused element inside the open modal dialog? Answers a short description of it too. */
async function focusInDialog(page: Page): Promise<{ inside: boolean; what: string; ring: boolean }> {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    const el = document.activeElement;
    const what = el ? `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"` : 'nothing';
    const style = el ? getComputedStyle(el) : null;
    const ring = Boolean(
      style && ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '')),
    );
    return { inside: Boolean(dialog && el && el !== dialog && dialog.contains(el)), what, ring };
  });
}

/** The number of Tab stops inside the open dialog. */
async function tabStops(page: Page): Promise<number> {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    if (!dialog) return 0;
    const candidates = dialog.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]');
    return Array.from(candidates).filter((el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && el.checkVisibility()).length;
  });
}

/** Focuses the opener as a keyboard user would reach it, presses Enter and checks the modal. */
async function checkModal(page: Page, opener: Locator, name: string | RegExp, closeButton: string | RegExp, label: string): Promise<void> {
  await opener.scrollIntoViewIfNeeded();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog, `${label}: opens`).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(':modal')), `${label}: is modal (the page behind is inert)`).toBe(true);
  await expect.poll(async () => (await focusInDialog(page)).inside, { message: `${label}: focus moves into the dialog` }).toBe(true);

  const stops = await tabStops(page);
  expect(stops, `${label}: has controls`).toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen = new Set<string>();
    for (let i = 0; i <= stops + 1; i += 1) {
      await page.keyboard.press(key);
      const focus = await focusInDialog(page);
      expect(focus.inside, `${label}: ${key} pressed ${i + 1} times (of ${stops} stops) left the dialog, focus on ${focus.what}`).toBe(true);
      expect(focus.ring, `${label}: no visible focus ring on ${focus.what}`).toBe(true);
      seen.add(focus.what);
    }
    expect(seen.size, `${label}: ${key} reaches every stop`).toBe(stops);
  }

  const small = await smallTargets(page);
  expect(
    small.map((s) => `${s.what} "${s.text}" ${s.width} x ${s.height}`),
    `${label}: touch targets`,
  ).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog, `${label}: Escape closes it`).toBeHidden();
  await expect(opener, `${label}: focus back on the opener after Escape`).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog, `${label}: opens again`).toBeVisible();
  await dialog.getByRole('button', { name: closeButton }).first().click();
  await expect(dialog, `${label}: its button closes it`).toBeHidden();
  await expect(opener, `${label}: focus back on the opener after its button`).toBeFocused();
}

/** A live listing of the demo data with several photos (the viewer then has previous/next). */
async function listingWithPhotos(request: APIRequestContext): Promise<{ id: string; total: number }> {
  // Journeys before this one publish listings of one photo, newest first: page on until one is found.
  let found: { _id: string; photo_count: number } | undefined;
  let cursor: string | null = null;
  for (let page = 0; page < 20 && !found; page += 1) {
    const res = await request.get(`/api/listings?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { listings: Array<{ _id: string; photo_count: number }>; next_cursor: string | null };
    found = body.listings.find((l) => l.photo_count >= 3);
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  expect(found, 'the demo seed has a listing with several photos').toBeTruthy();
  return { id: found!._id, total: found!.photo_count };
}

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`listing modals trap and return focus: report, safety tips, photo viewer (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await startInLanguage(page, lang);
    const tenant = await apiSignUp(request, { role: 'tenant' });
    const { id, total } = await listingWithPhotos(request);
    await storeSession(page, tenant, `/l/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const close = tr(lang, 'common:actions.close');

    await checkModal(
      page,
      page.getByRole('button', { name: tr(lang, 'listings:report.open') }),
      tr(lang, 'listings:report.title'),
      tr(lang, 'common:actions.cancel'),
      'report listing',
    );
    await checkModal(
      page,
      page.getByRole('button', { name: tr(lang, 'listings:safety.link') }),
      tr(lang, 'listings:safety.title'),
      tr(lang, 'listings:safety.gotIt'),
      'safety tips',
    );
    const photo = page.getByRole('link', { name: tr(lang, 'listings:gallery.open', { n: 1, total }), exact: true });
    await checkModal(page, photo, /./, exact(close), 'photo viewer');
  });

  test(`conversation report modal traps and returns focus (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await startInLanguage(page, lang);
    const tenant = await apiSignUp(request, { role: 'tenant' });
    const { id: listing } = await createLiveListing(request);
    const started = await request.post('/api/conversations', {
      headers: { authorization: `Bearer ${tenant.token}` },
      data: { listing_id: listing, initial_message: lang === 'am' ? 'ሰላም፣ ቤቱ አሁንም አለ?' : 'Hello, is the home still free?' },
    });
    expect(started.ok(), await started.text()).toBe(true);
    const { conversation_id } = (await started.json()) as { conversation_id: string };
    await storeSession(page, tenant, `/chat/${conversation_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkModal(
      page,
      page.getByRole('button', { name: tr(lang, 'chat:thread.report') }),
      tr(lang, 'chat:report.title'),
      tr(lang, 'common:actions.cancel'),
      'report conversation',
    );
  });

  test(`owner's confirmations trap and return focus: mark as rented, delete (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await startInLanguage(page, lang);
    const { id, landlord } = await createLiveListing(request);
    await storeSession(page, landlord, `/l/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: tr(lang, 'listings:manage.title') })).toBeVisible();
    const cancel = tr(lang, 'common:actions.cancel');
    await checkModal(
      page,
      page.getByRole('button', { name: tr(lang, 'listings:manage.markRented') }),
      tr(lang, 'listings:manage.confirmRentedTitle'),
      cancel,
      'mark as rented',
    );
    await checkModal(
      page,
      page.getByRole('button', { name: tr(lang, 'listings:manage.delete') }),
      tr(lang, 'listings:manage.confirmDeleteTitle'),
      cancel,
      'delete listing',
    );
  });
}

test('a browser confirm (out of credits to read a reply) leaves the focus on the button that asked', async ({ page, request }) => {
  const lang: Lang = 'en';
  await startInLanguage(page, lang);
  const tenant = await apiSignUp(request, { role: 'tenant' });
  const { id, landlord } = await createLiveListing(request);
  const started = await request.post('/api/conversations', {
    headers: { authorization: `Bearer ${tenant.token}` },
    data: { listing_id: id, initial_message: 'Hello, is the home still free?' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { conversation_id } = (await started.json()) as { conversation_id: string };
  const reply = await request.post(`/api/conversations/${conversation_id}/reply`, {
    headers: { authorization: `Bearer ${landlord.token}` },
    data: { body: 'Yes, it is. Come on Saturday.' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  await storeSession(page, tenant, `/chat/${conversation_id}`);
  let asked = '';
  page.on('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  const unlock = page.getByRole('button', { name: tr(lang, 'chat:unlock.button') });
  await unlock.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => asked, { message: 'the out-of-credits question was asked' }).toBe(tr(lang, 'chat:unlock.needCredits'));
  await expect(page).toHaveURL(new RegExp(`/chat/${conversation_id}$`));
  await expect(unlock).toBeFocused();
});
