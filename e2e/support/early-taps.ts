import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { Lang } from './i18n';

/**
 * The helpers of the early-tap journeys (issue #37): a page as a slow phone shows it, every script
 * held SCRIPT_DELAY_MS as on a 3G link, each control tapped as soon as it shows; and the same page
 * with JavaScript off.
 */

export const LANGS = ['en', 'am'] as const satisfies readonly Lang[];
export const SCRIPT_DELAY_MS = 1500;
/** After the last script arrived, the tap has taken effect within this (the budget of issue #37). */
const AFTER_CODE_MS = 3000;

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Holds every .js answer `delay` ms; answers when the last one was let through. */
export async function holdScripts(page: Page, delay = SCRIPT_DELAY_MS): Promise<{ lastScriptAt: () => number }> {
  let last = 0;
  await page.route(/\.js(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delay));
    last = Date.now();
    await route.continue();
  });
  return { lastScriptAt: () => last };
}

/** Opens a page without waiting for its app (the fixtures' page.goto waits for it): as a person sees it first. */
export async function openDrawn(page: Page, url: string, lang: Lang): Promise<void> {
  const { baseURL } = test.info().project.use;
  await page.context().addCookies([{ name: 'betoch_lng', value: lang, url: baseURL ?? 'http://127.0.0.1' }]);
  await page.mainFrame().goto(url, { waitUntil: 'commit' });
}

/** That the app had not started when the control was tapped (else the journey proves nothing). */
export async function expectNotStarted(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();
}

/** The outcome showed within AFTER_CODE_MS of the last script's arrival. */
export function expectSoonAfterCode(shownAt: number, lastScriptAt: number): void {
  expect(lastScriptAt, 'the page asked for its code').toBeGreaterThan(0);
  expect(shownAt - lastScriptAt).toBeLessThanOrEqual(AFTER_CODE_MS);
}

/** A page of a fresh browser with JavaScript off, in `lang` (the language cookie set). */
export async function withoutJs(browser: Browser, baseURL: string, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 }, baseURL });
  await context.addCookies([{ name: 'betoch_lng', value: lang, url: baseURL }]);
  return context.newPage();
}

/** The address of sign-in that leads back to `from` (its query may hold more). */
export function signInBackTo(from: string): RegExp {
  return new RegExp(`/login\\?(.*&)?from=${escapeRegExp(encodeURIComponent(from))}(&|$)`);
}

/**
 * Taps a control as soon as it shows, and checks in the same step of the page that its app had
 * not started (on a busy machine the app may start between two of Playwright's steps).
 */
export async function tapEarly(control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  const startedAtTap = await control.evaluate((element) => {
    const started = document.documentElement.dataset.app ?? null;
    (element as HTMLElement).click();
    return started;
  });
  expect(startedAtTap, 'the app had not started at the tap').toBeNull();
}
