import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession, type ApiSession, type Role } from './support/auth';
import type { Lang } from './support/i18n';

/**
 * Accessibility (issue 7): axe-core finds no WCAG 2.1 A/AA violation on any screen of the route
 * table (apps/web/src/app/router.tsx), signed out and as tenant, landlord, broker and admin, in
 * English and Amharic. Every route is scanned at least once per language; each screen waits
 * until its data has loaded (no aria-busy, no skeleton) so the scan sees what a person sees.
 *
 * A failure lists every violation with its rule, impact, help text and the elements.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const ADMIN_PHONE = '+251911000002';

type Persona = 'signedOut' | Role | 'admin';

interface Screen {
  /** The route table's path, as shown in a failure. */
  route: string;
  /** The URL to open (routes with parameters get a real id). */
  url: (ids: Ids) => string;
}

interface Ids {
  listing: string;
  conversation?: string;
}

const screensFor: Record<Persona, Screen[]> = {
  signedOut: [
    { route: '/', url: () => '/' },
    { route: '/login', url: () => '/login' },
    { route: '/signup', url: () => '/signup' },
    { route: '/browse', url: () => '/browse' },
    { route: '/browse?q=', url: () => '/browse?q=Bole' },
    { route: '/l/:id', url: (ids) => `/l/${ids.listing}` },
    { route: '/tenant/welcome', url: () => '/tenant/welcome' },
    { route: '/tenant/search', url: () => '/tenant/search' },
    { route: '/landlord/welcome', url: () => '/landlord/welcome' },
    { route: '/landlord', url: () => '/landlord' },
    { route: '/landlord/success', url: () => '/landlord/success' },
    { route: '/delala/welcome', url: () => '/delala/welcome' },
    { route: '/post-property', url: () => '/post-property' },
  ],
  tenant: [
    { route: '/browse', url: () => '/browse' },
    { route: '/l/:id', url: (ids) => `/l/${ids.listing}` },
    { route: '/chat', url: () => '/chat' },
    { route: '/messages', url: () => '/messages' },
    { route: '/chat/:id', url: (ids) => `/chat/${ids.conversation}` },
    { route: '/wallet', url: () => '/wallet' },
    { route: '/my-unlocks', url: () => '/my-unlocks' },
    { route: '/admin (access denied)', url: () => '/admin' },
  ],
  landlord: [
    { route: '/browse', url: () => '/browse' },
    { route: '/my-listings', url: () => '/my-listings' },
    { route: '/post/owner', url: () => '/post/owner' },
    { route: '/chat', url: () => '/chat' },
    { route: '/wallet', url: () => '/wallet' },
  ],
  delala: [
    { route: '/my-listings', url: () => '/my-listings' },
    { route: '/post/delala', url: () => '/post/delala' },
    { route: '/wallet', url: () => '/wallet' },
    { route: '/l/:id', url: (ids) => `/l/${ids.listing}` },
  ],
  admin: [{ route: '/admin', url: () => '/admin' }],
};

/** Waits until the screen has settled: a main heading, nothing loading, fonts ready. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function scan(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 3).join(' ') ?? ''}`)
        .join('\n'),
  );
}

async function firstLiveListing(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/listings?limit=1');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { listings: Array<{ _id: string }> };
  expect(body.listings.length, 'the demo seed has live listings').toBeGreaterThan(0);
  return body.listings[0]!._id;
}

/** Signs a demo admin in through the API, waiting out a resend cooldown if another test used it. */
async function adminSession(request: APIRequestContext): Promise<ApiSession> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const otp = await request.post('/api/auth/request-otp', { data: { phone: ADMIN_PHONE } });
    const body = (await otp.json()) as { code?: string; retry_after?: number };
    if (otp.status() === 429 && body.retry_after) {
      await new Promise((resolve) => setTimeout(resolve, (body.retry_after! + 1) * 1000));
      continue;
    }
    expect(otp.ok(), JSON.stringify(body)).toBe(true);
    const res = await request.post('/api/auth/verify-otp', { data: { phone: ADMIN_PHONE, code: body.code } });
    expect(res.ok(), await res.text()).toBe(true);
    const session = (await res.json()) as { token: string; user: ApiSession['user'] };
    return { token: session.token, user: session.user, phone: ADMIN_PHONE };
  }
  throw new Error('Could not sign the demo admin in');
}

const adminSessions: ApiSession[] = [];

for (const lang of ['en', 'am'] as const satisfies readonly Lang[]) {
  for (const persona of Object.keys(screensFor) as Persona[]) {
    test(`axe finds no WCAG 2.1 AA violation: ${persona}, ${lang}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await startInLanguage(page, lang);
      const ids: Ids = { listing: await firstLiveListing(request) };

      if (persona !== 'signedOut') {
        let session: ApiSession;
        if (persona === 'admin') {
          session = adminSessions[0] ?? (await adminSession(request));
          adminSessions[0] = session;
        } else {
          session = await apiSignUp(request, { role: persona, name: lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye' });
        }
        if (persona === 'tenant') {
          const started = await request.post('/api/conversations', {
            headers: { authorization: `Bearer ${session.token}` },
            data: { listing_id: ids.listing, initial_message: lang === 'am' ? 'ሰላም፣ ቤቱ አሁንም አለ?' : 'Hello, is the home still free?' },
          });
          expect(started.ok(), await started.text()).toBe(true);
          ids.conversation = ((await started.json()) as { conversation_id: string }).conversation_id;
        }
        await storeSession(page, session, '/');
      }

      const violations: string[] = [];
      for (const screen of screensFor[persona]) {
        await page.goto(screen.url(ids));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await settle(page);
        const label = `${screen.route} [${persona}, ${lang}] ${new URL(page.url()).pathname}`;
        violations.push(...(await scan(page, label)));
        // Screens with tabs (the admin's): every tab is its own screen.
        const tabs = page.getByRole('tab');
        const tabCount = await tabs.count();
        for (let i = 1; i < tabCount; i += 1) {
          await tabs.nth(i).click();
          await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
          await settle(page);
          violations.push(...(await scan(page, `${label} tab ${(await tabs.nth(i).textContent())?.trim()}`)));
        }
      }
      expect(violations, violations.join('\n')).toEqual([]);
    });
  }
}
