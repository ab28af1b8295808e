import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { adminSession } from './admin-session';
import { apiSignUp, readDemoCode, storeSession, type ApiSession, type Role } from './auth';
import { tr, type Lang } from './i18n';
import { createLiveListing } from './live-listing';
import { randomPhone } from './phones';

/**
 * Every screen of the route table (apps/web/src/app/routes.tsx, paths in
 * apps/web/src/config/paths.ts), per persona: signed out, tenant, landlord, broker, admin. The
 * screen checks (e2e/screen-checks.spec.ts: axe, touch targets, covered controls, motion) and the
 * screenshot tour share this table, so
 * a new route added here is checked by all of them.
 */
export type Persona = 'signedOut' | Role | 'admin';

export interface Ids {
  listing: string;
  conversation?: string;
}

export interface Screen {
  /** The route table's path, as shown in a failure. */
  route: string;
  /** The URL to open (routes with parameters get a real id). */
  url: (ids: Ids) => string;
  /**
   * A screen with steps (signup, the welcome wizard): walks from the first step to the next ones
   * and calls `step` on each once it has settled. Used when visitEveryScreen is asked for steps.
   */
  steps?: (page: Page, lang: Lang, step: (name: string) => Promise<void>) => Promise<void>;
}

/** Signup step 2 (profile and code, 'Continue') and step 3 (the plan, 'Back'); no account is made. */
async function signupSteps(page: Page, lang: Lang, step: (name: string) => Promise<void>): Promise<void> {
  await page.getByLabel(tr(lang, 'auth:phone.label')).fill(randomPhone());
  await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
  const code = await readDemoCode(page);
  await settle(page);
  await step('step 2');
  await page.getByLabel(tr(lang, 'auth:fields.name')).fill(lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye');
  await page.getByLabel(tr(lang, 'auth:fields.role')).selectOption('tenant');
  await page.getByLabel(tr(lang, 'auth:code.label')).fill(code);
  await page.getByRole('checkbox', { name: tr(lang, 'auth:fields.acceptTerms') }).check();
  await page.getByRole('button', { name: tr(lang, 'auth:signup.continue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.planTitle') })).toBeVisible();
  await settle(page);
  await step('step 3');
}

/** The welcome wizard's steps 2 to 5, reached by its step buttons (signed out, nothing filled in). */
async function welcomeWizardSteps(page: Page, lang: Lang, step: (name: string) => Promise<void>): Promise<void> {
  const dots = page.getByRole('navigation', { name: tr(lang, 'landlord:steps.label') }).getByRole('button');
  const count = await dots.count();
  expect(count, 'the welcome wizard has step buttons').toBeGreaterThan(1);
  for (let i = 1; i < count; i += 1) {
    await dots.nth(i).click();
    await expect(dots.nth(i)).toHaveAttribute('aria-current', 'step');
    await settle(page);
    // The new step scrolls into view (smoothly): wait until the page stands still.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const y = window.scrollY;
              setTimeout(() => resolve(window.scrollY === y), 150);
            }),
        ),
      )
      .toBe(true);
    await step(`wizard step ${i + 1}`);
  }
}

export const screensFor: Record<Persona, Screen[]> = {
  signedOut: [
    { route: '/', url: () => '/' },
    { route: '/login', url: () => '/login' },
    { route: '/signup', url: () => '/signup', steps: signupSteps },
    { route: '/browse', url: () => '/browse' },
    { route: '/browse?q=', url: () => '/browse?q=Bole' },
    { route: '/l/:id', url: (ids) => `/l/${ids.listing}` },
    { route: '/tenant/welcome', url: () => '/tenant/welcome' },
    { route: '/tenant/search', url: () => '/tenant/search' },
    { route: '/landlord/welcome', url: () => '/landlord/welcome', steps: welcomeWizardSteps },
    { route: '/landlord', url: () => '/landlord' },
    { route: '/landlord/success', url: () => '/landlord/success' },
    { route: '/delala/welcome', url: () => '/delala/welcome' },
    { route: '/post-property', url: () => '/post-property' },
    // The link of the 'still available?' SMS, used or unknown: what it says then.
    { route: '/confirm/:token (spent link)', url: () => `/confirm/${'x'.repeat(32)}` },
    { route: '/privacy', url: () => '/privacy' },
    { route: '/terms', url: () => '/terms' },
  ],
  tenant: [
    { route: '/browse', url: () => '/browse' },
    { route: '/l/:id', url: (ids) => `/l/${ids.listing}` },
    { route: '/chat', url: () => '/chat' },
    { route: '/messages', url: () => '/messages' },
    { route: '/chat/:id', url: (ids) => `/chat/${ids.conversation}` },
    { route: '/wallet', url: () => '/wallet' },
    { route: '/my-unlocks', url: () => '/my-unlocks' },
    // The saved listings and searches (one saved in startAs) and the notifications (none yet).
    { route: '/saved', url: () => '/saved' },
    { route: '/notifications', url: () => '/notifications' },
    { route: '/account', url: () => '/account' },
    { route: '/admin (access denied)', url: () => '/admin' },
  ],
  landlord: [
    { route: '/browse', url: () => '/browse' },
    { route: '/my-listings', url: () => '/my-listings' },
    { route: '/post-property', url: () => '/post-property' },
    { route: '/post/owner', url: () => '/post/owner' },
    { route: '/saved', url: () => '/saved' },
    { route: '/chat', url: () => '/chat' },
    { route: '/wallet', url: () => '/wallet' },
  ],
  delala: [
    { route: '/my-listings', url: () => '/my-listings' },
    { route: '/post/delala', url: () => '/post/delala' },
    { route: '/wallet', url: () => '/wallet' },
    { route: '/l/:id', url: (ids) => `/l/${ids.listing}` },
    // The broker's agency name is on the account page.
    { route: '/account', url: () => '/account' },
  ],
  admin: [{ route: '/admin', url: () => '/admin' }],
};

export const PERSONAS = Object.keys(screensFor) as Persona[];

/**
 * Waits until the screen has settled: a main heading, nothing loading (no aria-busy, no skeleton
 * placeholder: the admin tabs show theirs in a role=status without aria-busy), fonts ready.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[class*="skeleton" i]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

export async function firstLiveListing(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/listings?limit=1');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { listings: Array<{ _id: string }> };
  expect(body.listings.length, 'the demo seed has live listings').toBeGreaterThan(0);
  return body.listings[0]!._id;
}

/**
 * The tenant's /my-unlocks with both refund states: two paid unlocks of fresh listings,
 * one with a claim waiting ('Refund claim waiting'), one still open to a claim ('Claim refund').
 */
async function refundStates(request: APIRequestContext, tenant: ApiSession): Promise<void> {
  const auth = { authorization: `Bearer ${tenant.token}` };
  for (let i = 0; i < 2; i += 1) {
    const listing = await createLiveListing(request, { contactPreference: 'show' });
    expect((await request.post('/api/purchase', { headers: auth, data: { sku: 'CREDIT_SINGLE' } })).ok()).toBe(true);
    expect((await request.post(`/api/listings/${listing.id}/unlock-contact`, { headers: auth })).ok()).toBe(true);
    if (i === 1) continue;
    const mine = (await (await request.get('/api/listings/unlocked/my-unlocks', { headers: auth })).json()) as {
      unlocks: { _id: string; listing: { _id: string } }[];
    };
    const unlock = mine.unlocks.find((u) => u.listing._id === listing.id)!;
    const claim = await request.post(`/api/listings/unlocked/${unlock._id}/refund-claim`, { headers: auth, data: { reason: 'no_answer' } });
    expect(claim.ok(), await claim.text()).toBe(true);
  }
}

/**
 * Puts the persona in the browser (signed out: nothing) and answers the ids its screens need: a
 * live listing, and for the tenant a conversation with its owner. The admin's session is reused
 * within a run (one code a minute per phone).
 */
export async function startAs(page: Page, request: APIRequestContext, persona: Persona, lang: Lang): Promise<Ids> {
  const ids: Ids = { listing: await firstLiveListing(request) };
  if (persona === 'signedOut') return ids;
  let session: ApiSession;
  if (persona === 'admin') {
    session = await adminSession(request);
  } else {
    session = await apiSignUp(request, { role: persona, name: lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye' });
  }
  if (persona === 'tenant') {
    await refundStates(request, session);
    const started = await request.post('/api/conversations', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { listing_id: ids.listing, initial_message: lang === 'am' ? 'ሰላም፣ ቤቱ አሁንም አለ?' : 'Hello, is the home still free?' },
    });
    expect(started.ok(), await started.text()).toBe(true);
    ids.conversation = ((await started.json()) as { conversation_id: string }).conversation_id;
    const search = await request.post('/api/saved-searches', {
      headers: { authorization: `Bearer ${session.token}` },
      data: {
        name: lang === 'am' ? 'በቦሌ ከ20,000 ብር በታች የሆኑ አፓርትመንቶች' : 'Apartments in Bole under 20,000 ETB',
        filters: { type: 'apartment', subcity: 'Bole', price_max: 20000 },
        sms: true,
      },
    });
    expect(search.ok(), await search.text()).toBe(true);
  }
  await storeSession(page, session, '/');
  return ids;
}

/**
 * Opens every screen of the persona in turn and calls `check` on each once it has settled; a
 * screen with tabs (the admin's) gives each tab to `check` as its own screen. With `steps`, a
 * screen with steps (signup steps 2 and 3, the welcome wizard's steps) gives each step too.
 */
export async function visitEveryScreen(
  page: Page,
  persona: Persona,
  lang: Lang,
  ids: Ids,
  check: (label: string) => Promise<void>,
  options: { steps?: boolean } = {},
): Promise<void> {
  for (const screen of screensFor[persona]) {
    await page.goto(screen.url(ids));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await settle(page);
    const label = `${screen.route} [${persona}, ${lang}] ${new URL(page.url()).pathname}`;
    await check(label);
    const tabs = page.getByRole('tab');
    const tabCount = await tabs.count();
    for (let i = 1; i < tabCount; i += 1) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      await settle(page);
      await check(`${label} tab ${(await tabs.nth(i).textContent())?.trim()}`);
    }
    if (options.steps && screen.steps) await screen.steps(page, lang, (name) => check(`${label} ${name}`));
  }
}
