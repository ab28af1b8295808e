import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, endCodeCooldown, readDemoCode, startInLanguage } from './support/auth';
import { tr, type Lang } from './support/i18n';

/**
 * The keyboard alone: a tenant signs in, browses, searches a place, opens a listing and
 * sends the owner a message without ever touching the mouse: only Tab, Shift+Tab, Enter, Space
 * and typing. On every stop of the way the focused element shows a visible focus ring.
 */

const MAX_TABS = 80;

/**
 * What the focused element looks like: a ring (outline or box-shadow) on the element itself, or
 * on a close ancestor that draws it for the focus inside (a card whose heading link has the focus).
 */
async function focusRing(page: Page): Promise<{ tag: string; text: string; ring: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', text: '', ring: false };
    const drawsRing = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return outline || shadow;
    };
    let ring = drawsRing(el);
    let node: Element | null = el.parentElement;
    for (let depth = 0; !ring && node && depth < 4; depth += 1, node = node.parentElement) {
      ring = node.matches(':focus-within') && drawsRing(node);
    }
    return { tag: el.tagName.toLowerCase(), text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60), ring };
  });
}

/**
 * Presses Tab until `target` has the focus, checking the focus ring at every stop; fails after
 * MAX_TABS presses (the element cannot be reached by keyboard).
 */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tabTo: no such element');
  for (let i = 0; i < MAX_TABS; i += 1) {
    if (await handle.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await focusRing(page);
    if (focused.tag !== 'body') expect(focused.ring, `no visible focus on <${focused.tag}> "${focused.text}"`).toBe(true);
  }
  throw new Error(`Could not reach the element with ${MAX_TABS} presses of Tab`);
}

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  test(`keyboard only: sign in, browse, search a place, open a listing, message the owner (${lang})`, async ({ page, request }) => {
    const tenant = await apiSignUp(request, { role: 'tenant' });
    // The account was made a moment ago: the demo server ends the minute's wait for a new code.
    await endCodeCooldown(request, tenant.phone);
    await startInLanguage(page, lang);

    // Sign in.
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const phone = page.getByLabel(tr(lang, 'auth:phone.label'));
    await tabTo(page, phone);
    await page.keyboard.type(tenant.phone);
    await tabTo(page, page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }));
    await page.keyboard.press('Enter');
    const code = await readDemoCode(page);
    const codeField = page.getByLabel(tr(lang, 'auth:code.label'));
    await tabTo(page, codeField, true);
    await page.keyboard.type(code);
    await tabTo(page, page.getByRole('button', { name: tr(lang, 'auth:login.verify'), exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);

    // Browse: reach the page by its link in the top bar.
    const browseLink = page.getByRole('link', { name: tr(lang, 'common:nav.browse') }).first();
    await tabTo(page, browseLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/browse/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'listings:browse.title') })).toBeVisible();

    // Search a place by keyboard: the results narrow and the URL keeps q.
    const search = page.getByLabel(tr(lang, 'listings:filters.place'));
    await tabTo(page, search);
    await page.keyboard.type(lang === 'am' ? 'ቦሌ' : 'Bole');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]q=/);
    const results = page.getByRole('list', { name: tr(lang, 'listings:browse.resultsLabel') }).getByRole('article');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(results.first()).toBeVisible();
    // Every card left is in Bole or names it (the subcity shows as ቦሌ in Amharic).
    await expect.poll(async () => (await results.allTextContents()).every((card) => /Bole|ቦሌ/.test(card))).toBe(true);

    // Open the first listing with Enter on its link.
    const firstLink = results.first().getByRole('link').first();
    const title = (await firstLink.textContent())?.trim() ?? '';
    await tabTo(page, firstLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/l\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (title) await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 20));

    // Message the owner: type, then Send with the keyboard.
    const field = page.getByLabel(tr(lang, 'listings:contact.messageLabel.owner'));
    await tabTo(page, field);
    const text = lang === 'am' ? 'ሰላም፣ ቤቱን ቅዳሜ ማየት እችላለሁ?' : 'Hello, can I see the home on Saturday?';
    await page.keyboard.type(text);
    await tabTo(page, page.getByRole('button', { name: tr(lang, 'listings:contact.send') }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('log', { name: tr(lang, 'chat:thread.messages') }).getByText(text, { exact: true })).toBeVisible();
  });
}
