import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { apiSignUp, startInLanguage, storeSession, type ApiSession } from './support/auth';
import { tr, type Lang } from './support/i18n';
import { createLiveListing, placeWord } from './support/live-listing';
import { formatLocal } from './support/phones';
import { holdScripts, openDrawn, tapEarly, withoutJs } from './support/early-taps';

/**
 * Telegram journeys (docs/telegram.md), run with playwright.telegram.config.ts: the server has a bot
 * whose Bot API is the local stand-in, which also plays Telegram's side of the webhook. Connect
 * from /account; a new matching listing reaches the bot within 5 s; the freshness 'Rented' button
 * takes the listing out of /browse; sign in and sign up with Telegram (the local stand-in for its
 * OpenID Connect login) without an SMS. In English and Amharic.
 */

const STUB = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 100}`;

interface StubMessage {
  chatId: string;
  kind: 'text' | 'photo';
  text: string;
  at: number;
  replyMarkup?: { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> };
}

let chats = Math.floor(Math.random() * 1e6) * 10 + 5_000_000;

async function botMessages(request: APIRequestContext, chatId: number): Promise<StubMessage[]> {
  const res = await request.get(`${STUB}/stub/messages?chat_id=${chatId}`);
  return ((await res.json()) as { messages: StubMessage[] }).messages;
}

/** Telegram delivering an update to the server's webhook (with the secret). */
async function telegramSends(request: APIRequestContext, update: Record<string, unknown>): Promise<void> {
  const res = await request.post(`${STUB}/stub/updates`, { data: update });
  expect(((await res.json()) as { status: number }).status).toBe(200);
}

function startMessage(chatId: number, text: string) {
  return {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private' },
      from: { id: chatId, is_bot: false, first_name: 'Hana' },
      text,
    },
  };
}

/** Links an account through the calls the page makes, and /start in the bot. */
async function apiLink(request: APIRequestContext, who: ApiSession, lang: Lang): Promise<number> {
  const chatId = ++chats;
  const link = await request.post('/api/account/telegram/link', { headers: { authorization: `Bearer ${who.token}` }, data: { language: lang } });
  expect(link.ok(), await link.text()).toBe(true);
  const token = new URL(((await link.json()) as { url: string }).url).searchParams.get('start');
  await telegramSends(request, startMessage(chatId, `/start ${token}`));
  await expect.poll(async () => (await botMessages(request, chatId)).length).toBe(1);
  return chatId;
}

for (const lang of ['en', 'am'] as Lang[]) {
  test(`${lang}: connect Telegram from /account, and disconnect`, async ({ page, request }) => {
    const tenant = await apiSignUp(request, { role: 'tenant' });
    await startInLanguage(page, lang);
    await storeSession(page, tenant, '/account');
    const section = page.getByRole('region', { name: tr(lang, 'account:telegram.heading') });
    await section.getByRole('button', { name: tr(lang, 'account:telegram.connect') }).click();
    const open = section.getByRole('link', { name: tr(lang, 'account:telegram.open') });
    await expect(open).toHaveAttribute('href', /^https:\/\/t\.me\/betoch_e2e_bot\?start=[\w-]{32}$/);
    await expect(open).toHaveAttribute('target', '_blank');
    const token = new URL((await open.getAttribute('href'))!).searchParams.get('start');
    const chatId = ++chats;
    // The person presses Start in Telegram: the bot receives /start <token>.
    await telegramSends(request, startMessage(chatId, `/start ${token}`));
    await expect(section.getByRole('button', { name: tr(lang, 'account:telegram.disconnect') })).toBeVisible({ timeout: 10_000 });
    await expect.poll(async () => (await botMessages(request, chatId)).at(-1)?.text).toMatch(lang === 'en' ? /^Connected/ : /^ተገናኝቷል/);
    await section.getByRole('button', { name: tr(lang, 'account:telegram.disconnect') }).click();
    await expect(section.getByRole('button', { name: tr(lang, 'account:telegram.connect') })).toBeVisible();
  });

  test(`${lang}: a saved search set to Telegram on /saved gets a new matching listing in the bot within 5 s`, async ({ page, request }) => {
    const word = placeWord('Tele');
    const tenant = await apiSignUp(request, { role: 'tenant' });
    const chatId = await apiLink(request, tenant, lang);
    const saved = await request.post('/api/saved-searches', {
      headers: { authorization: `Bearer ${tenant.token}` },
      data: { name: `${word} flats`, filters: { subcity: 'Bole', q: word } },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await startInLanguage(page, lang);
    await storeSession(page, tenant, '/saved');
    const toggle = page.getByRole('checkbox', { name: tr(lang, 'alerts:section.telegramFor', { name: `${word} flats` }) });
    // The box follows the saved state: checked once the server has it.
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(page.getByRole('checkbox', { name: tr(lang, 'alerts:section.smsFor', { name: `${word} flats` }) })).not.toBeChecked();

    const landlord = await apiSignUp(request, { role: 'landlord', name: 'Abebe Kebede' });
    const startedAt = Date.now();
    const listingId = (await createLiveListing(request, { landlord, title: `Flat near ${word}`, place: word, priceEtb: 18_000 })).id;
    await expect.poll(async () => (await botMessages(request, chatId)).find((m) => m.kind === 'photo'), { timeout: 5_000, intervals: [100] }).toBeTruthy();
    const match = (await botMessages(request, chatId)).find((m) => m.kind === 'photo')!;
    expect(match.at - startedAt).toBeLessThan(5_000);
    expect(match.text).toContain(`Flat near ${word}`);
    expect(match.replyMarkup!.inline_keyboard[0]![0]!.url).toMatch(new RegExp(`/l/${listingId}$`));
    expect(match.text).not.toContain(landlord.phone.slice(-6));
  });

  test(`${lang}: the freshness question's 'Rented' button in the bot takes the listing out of /browse`, async ({ page, request }) => {
    const word = placeWord('Tele');
    const landlord = await apiSignUp(request, { role: 'landlord', name: 'Abebe Kebede' });
    const chatId = await apiLink(request, landlord, lang);
    const listingId = (await createLiveListing(request, { landlord, title: `Flat by ${word}`, place: word, priceEtb: 18_000 })).id;
    await startInLanguage(page, lang);
    await page.goto(`/browse?q=${word}`);
    await expect(page.locator(`a[href="/l/${listingId}"]`).first()).toBeVisible();

    const tenant = await apiSignUp(request, { role: 'tenant' });
    const asked = await request.post(`/api/listings/${listingId}/ask-availability`, { headers: { authorization: `Bearer ${tenant.token}` } });
    expect(asked.ok(), await asked.text()).toBe(true);
    await expect.poll(async () => (await botMessages(request, chatId)).find((m) => m.replyMarkup?.inline_keyboard[0]?.length === 2)).toBeTruthy();
    const question = (await botMessages(request, chatId)).find((m) => m.replyMarkup?.inline_keyboard[0]?.length === 2)!;
    expect(question.text).toBe(lang === 'en' ? `Is Flat by ${word} still available?` : `«Flat by ${word}» አሁንም ይገኛል?`);
    const rented = question.replyMarkup!.inline_keyboard[0]![1]!;
    expect(rented.text).toBe(lang === 'en' ? 'Rented' : 'ተከራይቷል');
    await telegramSends(request, {
      callback_query: {
        id: `cb-${chatId}`,
        from: { id: chatId, is_bot: false, first_name: 'Abebe' },
        message: { message_id: 2, chat: { id: chatId, type: 'private' } },
        chat_instance: '1',
        data: rented.callback_data,
      },
    });
    await expect
      .poll(
        async () => {
          await page.goto(`/browse?q=${word}`);
          return page.locator(`a[href="/l/${listingId}"]`).count();
        },
        { timeout: 10_000 },
      )
      .toBe(0);
  });
}

/** The stand-in's Telegram accounts (JOURNEY_TELEGRAM_ACCOUNTS): one signs in, one signs up, per language. */
const TELEGRAM_PEOPLE = {
  en: { signIn: { name: 'Hana Girma', phone: '0911770001' }, signUp: { name: 'Yonas Alemu', phone: '0911770002' } },
  am: { signIn: { name: 'Selam Tadesse', phone: '0911770003' }, signUp: { name: 'Meron Bekele', phone: '0911770004' } },
} as const;

/** What the demo's SMS inbox holds for the account of this token (the texts 'sent' to its phone). */
async function smsTo(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/demo/sms', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { messages: Array<{ text: string }> }).messages.map((m) => m.text);
}

async function tokenInBrowser(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}

for (const lang of ['en', 'am'] as Lang[]) {
  test(`${lang}: sign in with Telegram, no SMS, back where the person was going`, async ({ page, request }) => {
    const person = TELEGRAM_PEOPLE[lang].signIn;
    const account = await apiSignUp(request, { role: 'tenant', phone: person.phone });
    const smsBefore = await smsTo(request, account.token);
    await startInLanguage(page, lang);
    await page.goto('/login?from=/saved');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByRole('link', { name: tr(lang, 'auth:telegram.continue') }).click();
    // Telegram's login page (the stand-in): the person logs in and shares the phone.
    await page.getByRole('button', { name: new RegExp(`^Log in as ${person.name}`) }).click();
    await expect(page).toHaveURL(/\/saved$/, { timeout: 15_000 });
    const token = await tokenInBrowser(page);
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { phone: string }).phone).toBe(`+251${person.phone.slice(1)}`);
    expect(await smsTo(request, token)).toEqual(smsBefore);
  });

  test(`${lang}: sign up with Telegram: the phone filled in, no code, no SMS`, async ({ page, request }) => {
    const person = TELEGRAM_PEOPLE[lang].signUp;
    await startInLanguage(page, lang);
    await page.goto('/signup');
    await page.getByRole('link', { name: tr(lang, 'auth:telegram.continue') }).click();
    await page.getByRole('button', { name: new RegExp(`^Log in as ${person.name}`) }).click();
    await expect(page).toHaveURL(/\/signup\?/);
    await expect(page.getByText(formatLocal(person.phone))).toBeVisible();
    await expect(page.locator('input[autocomplete="one-time-code"]')).toHaveCount(0);
    await page.getByLabel(tr(lang, 'auth:fields.name')).fill(person.name);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: tr(lang, 'auth:signup.continue') }).click();
    await page.getByRole('button', { name: tr(lang, 'auth:signup.skip') }).click();
    await expect(page).not.toHaveURL(/\/signup/, { timeout: 15_000 });
    const token = await tokenInBrowser(page);
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me.json()) as { phone: string; name: string }).toMatchObject({ phone: `+251${person.phone.slice(1)}`, name: person.name });
    expect(await smsTo(request, token)).toEqual([]);
  });

  test(`${lang}: 'Continue with Telegram' tapped before the page's code ran, and with JavaScript off, reaches Telegram's login`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // A link drawn by the server (issue #37): the tap goes at once, scripts held or none at all.
    await holdScripts(page);
    await openDrawn(page, '/login?from=/saved', lang);
    await tapEarly(page.getByRole('link', { name: tr(lang, 'auth:telegram.continue') }));
    await expect(page.getByRole('button', { name: /^Log in as / }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(tr(lang, 'auth:telegram.failures.cancelled'))).toBeVisible({ timeout: 20_000 });

    const off = await withoutJs(browser, baseURL!, lang);
    try {
      await off.goto('/signup');
      await off.getByRole('link', { name: tr(lang, 'auth:telegram.continue') }).click();
      await expect(off.getByRole('button', { name: /^Log in as / }).first()).toBeVisible();
    } finally {
      await off.context().close();
    }
  });

  test(`${lang}: Cancel at Telegram comes back to /login with its message`, async ({ page }) => {
    await startInLanguage(page, lang);
    await page.goto('/login');
    await page.getByRole('link', { name: tr(lang, 'auth:telegram.continue') }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(tr(lang, 'auth:telegram.failures.cancelled'))).toBeVisible();
    await expect(page.getByLabel(tr(lang, 'auth:phone.label'))).toBeVisible();
  });
}
