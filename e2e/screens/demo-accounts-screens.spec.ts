import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { startInLanguage, storeSession, type ApiSession } from '../support/auth';
import type { Lang } from '../support/i18n';
import { settle } from '../support/screens';
import { demoSession } from '../support/admin-session';

/**
 * The demo as a visitor first sees it: a tour signed in as each demo account of the README's table
 * (the seeded market, nothing made by the test), at 360x800 in English and Amharic, through the
 * screens where that account's part of the story shows. It checks that each shows what the README
 * promises (not empty), and saves the pictures for a person to read:
 *   SCREENSHOTS=1 E2E_PORT=8192 npx playwright test e2e/screens/demo-accounts-screens.spec.ts
 * The pictures land in screenshots/demo-accounts/ (not committed), named language-account-screen.
 */

async function api<T>(request: APIRequestContext, session: ApiSession, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

interface Shot {
  name: string;
  url: string;
  /** What must be on the screen before it is taken (the account's part of the story). */
  shows?: (page: Page, lang: Lang) => Promise<void>;
  /** A full-page picture (long lists); otherwise the first 360x800. */
  fullPage?: boolean;
}

/** The id of the account's newest conversation (the demo story gives each of the two tenants one). */
async function firstConversation(request: APIRequestContext, session: ApiSession): Promise<string> {
  const { conversations } = await api<{ conversations: Array<{ _id: string }> }>(request, session, '/api/conversations');
  expect(conversations.length, 'the demo account has a conversation').toBeGreaterThanOrEqual(1);
  return conversations[0]!._id;
}

interface DemoAccount {
  name: string;
  phone: string;
  shots: (request: APIRequestContext, session: ApiSession) => Promise<Shot[]>;
}

const ACCOUNTS: DemoAccount[] = [
  {
    name: 'tenant',
    phone: '+251911000010',
    async shots(request, session) {
      const { favourites } = await api<{ favourites: Array<{ listing: { _id: string }; available: boolean }> }>(request, session, '/api/favourites');
      expect(favourites.length).toBeGreaterThanOrEqual(3);
      let priced: string | undefined;
      for (const f of favourites.filter((x) => x.available)) {
        const { hint } = await api<{ hint: unknown }>(request, session, `/api/listings/${f.listing._id}/fair-price`);
        if (hint) priced = f.listing._id;
      }
      expect(priced, 'a favourite shows the fair-price line').toBeTruthy();
      const chat = await firstConversation(request, session);
      return [
        { name: 'saved', url: '/saved', fullPage: true, shows: async (page) => expect(page.getByTestId('favourite-heart').first()).toBeVisible() },
        { name: 'notifications', url: '/notifications', fullPage: true, shows: async (page) => expect(page.getByTestId('notification-count')).toBeVisible() },
        { name: 'listing-fair-price', url: `/l/${priced}`, shows: async (page) => expect(page.getByTestId('fair-price')).toBeVisible() },
        { name: 'browse', url: '/browse' },
        { name: 'wallet', url: '/wallet' },
        { name: 'messages', url: '/messages', shows: async (page) => expect(page.getByTestId('conversation-row')).toHaveCount(1) },
        { name: 'chat-locked-reply', url: `/chat/${chat}`, fullPage: true, shows: async (page) => expect(page.getByTestId('unlock-banner')).toBeVisible() },
      ];
    },
  },
  {
    name: 'tenant-with-credits',
    phone: '+251911000011',
    async shots(request, session) {
      const chat = await firstConversation(request, session);
      return [
        { name: 'my-unlocks', url: '/my-unlocks', fullPage: true, shows: async (page) => expect(page.getByTestId('unlock-card')).toHaveCount(2) },
        { name: 'wallet', url: '/wallet', fullPage: true, shows: async (page) => expect(page.getByTestId('credits-balance')).toHaveText('17') },
        { name: 'chat-read-reply', url: `/chat/${chat}`, fullPage: true, shows: async (page) => expect(page.getByTestId('message')).toHaveCount(5) },
      ];
    },
  },
  {
    name: 'landlord',
    phone: '+251911000020',
    async shots() {
      return [
        { name: 'my-listings', url: '/my-listings', fullPage: true },
        { name: 'messages', url: '/messages', shows: async (page) => expect(page.getByTestId('conversation-row')).toHaveCount(2) },
      ];
    },
  },
  {
    name: 'broker',
    phone: '+251911000030',
    async shots() {
      return [
        { name: 'my-listings', url: '/my-listings', fullPage: true },
        { name: 'wallet', url: '/wallet', shows: async (page) => expect(page.getByTestId('post-credits-balance')).toHaveText('5') },
      ];
    },
  },
  {
    name: 'broker-with-plan',
    phone: '+251911000031',
    async shots() {
      return [{ name: 'wallet', url: '/wallet', fullPage: true }];
    },
  },
  {
    name: 'admin',
    phone: '+251911000001',
    async shots() {
      return [{ name: 'admin', url: '/admin', fullPage: true }];
    },
  },
  {
    name: 'second-admin',
    phone: '+251911000002',
    async shots() {
      return [{ name: 'admin', url: '/admin' }];
    },
  },
];

/**
 * A full-page picture shows what scrolling would: cards drawn off screen (content-visibility:
 * auto) drawn, and lazy photos loaded (the page is walked down once, then back to the top).
 */
async function drawWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Through the CSSOM (the page's CSP allows no inline style sheet).
    for (const el of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
}

for (const account of ACCOUNTS) {
  test(`the demo as ${account.name}, in English and Amharic @screens`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const session = await demoSession(request, account.phone);
    const shots = await account.shots(request, session);
    for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
      await startInLanguage(page, lang);
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), lang).catch(() => undefined);
      await storeSession(page, session, '/');
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), lang);
      for (const shot of shots) {
        await page.goto(shot.url);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await settle(page);
        await shot.shows?.(page, lang);
        if (shot.fullPage) await drawWholePage(page);
        await page.screenshot({ path: `screenshots/demo-accounts/${lang}-${account.name}-${shot.name}.png`, fullPage: shot.fullPage ?? false });
        // The admin desk: every tab, each its own picture.
        const tabs = page.getByRole('tab');
        for (let i = 1; i < (await tabs.count()); i += 1) {
          await tabs.nth(i).click();
          await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
          await settle(page);
          await drawWholePage(page);
          await page.screenshot({ path: `screenshots/demo-accounts/${lang}-${account.name}-${shot.name}-tab${i}.png`, fullPage: true });
        }
      }
    }
  });
}
