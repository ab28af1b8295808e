import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { tr, type Lang } from './i18n';
import { randomPhone, toE164 } from './phones';
import { OTP_LENGTH } from '@betoch/contracts/constants';

export type Role = 'tenant' | 'landlord' | 'delala';

export interface ApiSession {
  token: string;
  user: { sub: string; phone: string; name: string | null; userType: Role; roles: string[] } & Record<string, unknown>;
  /** The local form that was typed, 09XXXXXXXX. */
  phone: string;
}

/**
 * Starts the browser in a language before its first page (only when none was chosen yet, so a
 * later switch in the page sticks across reloads): kept as the app keeps a choice, in storage and
 * in the language cookie the server draws its pages by.
 */
export async function startInLanguage(page: Page, lang: Lang): Promise<void> {
  const { baseURL } = test.info().project.use;
  await page.context().addCookies([{ name: 'betoch_lng', value: lang, url: baseURL ?? 'http://127.0.0.1' }]);
  await page.addInitScript((lng) => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', lng);
  }, lang);
}

/** Clicks the language switch (the link English / አማርኛ) on the current page and waits for <html lang>. */
export async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  const name = lang === 'am' ? 'አማርኛ' : 'English';
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** The code the demo server put on screen. */
export async function readDemoCode(page: Page): Promise<string> {
  const code = page.getByTestId('demo-code');
  await expect(code).toHaveText(new RegExp(`^\\d{${OTP_LENGTH}}$`));
  return (await code.textContent())!.trim();
}

/** The seconds left in the resend countdown, as shown. */
export async function readCountdown(page: Page): Promise<number> {
  const text = await page.getByTestId('resend-countdown').textContent();
  const match = /(\d+)/.exec(text ?? '');
  if (!match) throw new Error(`No seconds in the countdown: ${text}`);
  return Number(match[1]);
}

export interface UiSignUp {
  role?: Role;
  lang?: Lang;
  phone?: string;
  name?: string;
  email?: string;
  agencyName?: string;
  /** For tenants and landlords: what to do at the plan step (default: skip). */
  plan?: 'skip' | 'CREDIT_SINGLE' | 'CREDIT_BUNDLE_10' | 'SUB_TENANT_MONTHLY';
  /** Start at this URL instead of /signup (e.g. '/signup?role=delala&plan=post_credit_1'). */
  url?: string;
  /** Runs on the plan step, before the plan choice (to read or photograph it). */
  atPlanStep?: (page: Page) => Promise<void>;
}

/**
 * Signs up through the screens, in the given language: phone, demo code from the screen,
 * profile, then the plan step (skipped unless `plan` says otherwise). Waits until the browser
 * has left /signup. Answers the phone and name used.
 */
export async function signUpViaUi(page: Page, options: UiSignUp = {}): Promise<{ phone: string; name: string }> {
  const lang = options.lang ?? 'en';
  const role = options.role ?? 'tenant';
  const phone = options.phone ?? randomPhone();
  const name = options.name ?? (lang === 'am' ? 'ሰላም ተስፋዬ' : 'Selam Tesfaye');
  await startInLanguage(page, lang);
  await page.goto(options.url ?? '/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByLabel(tr(lang, 'auth:phone.label')).fill(phone);
  await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
  const code = await readDemoCode(page);
  await page.getByLabel(tr(lang, 'auth:fields.name')).fill(name);
  if (options.email) await page.getByLabel(tr(lang, 'auth:fields.email')).fill(options.email);
  await page.getByLabel(tr(lang, 'auth:fields.role')).selectOption(role);
  if (role === 'delala') {
    await page.getByLabel(tr(lang, 'auth:fields.agency')).fill(options.agencyName ?? 'Addis Homes Brokerage');
  }
  await page.getByLabel(tr(lang, 'auth:code.label')).fill(code);
  await page.getByRole('checkbox', { name: tr(lang, 'auth:fields.acceptTerms') }).check();
  if (role === 'delala') {
    await page.getByRole('button', { name: tr(lang, 'auth:signup.createAccount') }).click();
  } else {
    await page.getByRole('button', { name: tr(lang, 'auth:signup.continue') }).click();
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'auth:signup.planTitle') })).toBeVisible();
    if (options.atPlanStep) await options.atPlanStep(page);
    const plan = options.plan ?? 'skip';
    if (plan === 'skip') await page.getByRole('button', { name: tr(lang, 'auth:signup.skip') }).click();
    else await page.getByRole('button', { name: new RegExp(tr(lang, `common:plans.names.${plan}`)) }).click();
  }
  await expect(page).not.toHaveURL(/\/signup/);
  return { phone, name };
}

/**
 * The demo server's help (demo mode only, modules/auth/auth-demo.routes.ts): the phone may ask for
 * its next sign-in code at once instead of a minute after the last one. For journeys that sign in
 * right after a signup and are not about the wait (auth.spec.ts watches the countdown itself).
 */
export async function endCodeCooldown(request: APIRequestContext, phone: string): Promise<void> {
  const res = await request.post('/api/demo/otp-cooldown/end', { data: { phone } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * After 'Send code': the demo code, or when this phone asked for one less than 60 s ago (the
 * server's resend cooldown, e.g. right after a signup), waits for the countdown to end as a
 * person would, asks for a new code and reads that one. Such a wait takes up to a minute: end it
 * first with endCodeCooldown, or set up with apiSignUp + storeSession when the journey is not
 * about signing in.
 */
export async function codeAfterSending(page: Page, lang: Lang = 'en'): Promise<string> {
  const demo = page.getByTestId('demo-code');
  const countdown = page.getByTestId('resend-countdown');
  await expect(demo.or(countdown).first()).toBeVisible();
  if (await demo.isVisible()) return readDemoCode(page);
  const resend = page.getByRole('button', { name: tr(lang, 'auth:code.resend') });
  await expect(resend).toBeVisible({ timeout: 65_000 });
  await resend.click();
  return readDemoCode(page);
}

/**
 * Signs in through /login in the given language; waits until the browser has left /login.
 * A phone in its resend cooldown costs up to a minute (see codeAfterSending).
 */
export async function logInViaUi(page: Page, phone: string, lang: Lang = 'en'): Promise<void> {
  await startInLanguage(page, lang);
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(tr(lang, 'auth:phone.label')).fill(phone);
  await page.getByRole('button', { name: tr(lang, 'auth:phone.sendCode') }).click();
  const code = await codeAfterSending(page, lang);
  await page.getByLabel(tr(lang, 'auth:code.label')).fill(code);
  await page.getByRole('button', { name: tr(lang, 'auth:login.verify'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Opens the avatar menu and logs out; the app goes to /. */
export async function logOutViaUi(page: Page, lang: Lang = 'en'): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('button', { name: tr(lang, 'common:nav.logout') }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The avatar button (its name is 'Account menu for <display name>'), clicked open. */
export async function openAccountMenu(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /account menu|መለያ ማውጫ/i });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

export interface ApiSignUp {
  role?: Role;
  name?: string;
  phone?: string;
  email?: string;
  agencyName?: string;
}

/**
 * Creates an account through the API (fast set-up for journeys about something else): asks for
 * a code (demo mode answers it) and signs up. Answers the token and user; put them in the browser
 * with storeSession. The phone cannot get another code for 60 s (the resend cooldown) unless
 * endCodeCooldown ends it.
 */
export async function apiSignUp(request: APIRequestContext, options: ApiSignUp = {}): Promise<ApiSession> {
  const role = options.role ?? 'tenant';
  const phone = options.phone ?? randomPhone();
  const otp = await request.post('/api/auth/request-otp', { data: { phone } });
  expect(otp.ok(), await otp.text()).toBe(true);
  const { code } = (await otp.json()) as { code?: string };
  if (!code) throw new Error('request-otp answered no code: the e2e server must run with APP_MODE=demo');
  const res = await request.post('/api/auth/signup', {
    data: {
      phone,
      code,
      name: options.name ?? `E2E ${role}`,
      email: options.email,
      userType: role,
      agencyName: role === 'delala' ? (options.agencyName ?? 'E2E Brokerage') : undefined,
      acceptTerms: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: ApiSession['user'] };
  return { token: body.token, user: body.user, phone };
}

/** Signs an existing account in through the API (a new code, then verify-otp). */
export async function apiLogIn(request: APIRequestContext, phone: string): Promise<ApiSession> {
  const otp = await request.post('/api/auth/request-otp', { data: { phone } });
  expect(otp.ok(), await otp.text()).toBe(true);
  const { code } = (await otp.json()) as { code: string };
  const res = await request.post('/api/auth/verify-otp', { data: { phone, code } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: ApiSession['user'] };
  return { token: body.token, user: body.user, phone };
}

/**
 * Puts a session in the browser as the app stores it (token, user, userType) and opens `path`:
 * the fastest way to start a journey signed in.
 */
export async function storeSession(page: Page, session: ApiSession, path = '/'): Promise<void> {
  await page.goto('/login');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
    localStorage.setItem('userType', s.user.userType);
  }, session);
  await page.goto(path);
}

export { toE164 };
