import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTelegramOidc, type LocalTelegramOidcProvider, type TelegramAccount } from '../../scripts/local-telegram-oidc.ts';
import { signUp, uniquePhone } from '../support/login.ts';
import { BOT_TOKEN, createTelegramTestApp, linkTelegram, type TelegramTestApp } from '../support/telegram.ts';

/**
 * 'Continue with Telegram' as a browser walks it: the start link, Telegram's login (the local
 * stand-in, oidc-provider), the callback, and the ticket /login or /signup is given. No SMS.
 */
const CLIENT_SECRET = 'local-telegram-client-secret-for-tests';
const REDIRECT_URI = 'https://betoch.example/api/auth/telegram/callback';

let provider: LocalTelegramOidcProvider;
let tg: TelegramTestApp;
let nextId = 8_200_000;

beforeAll(async () => {
  provider = await startLocalTelegramOidc({ clientId: BOT_TOKEN.split(':')[0]!, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] });
  tg = await createTelegramTestApp({ TELEGRAM_LOGIN: 'oidc', TELEGRAM_OIDC_ISSUER: provider.url, TELEGRAM_CLIENT_SECRET: CLIENT_SECRET });
});
afterAll(async () => {
  await tg?.close();
  await provider?.close();
});

function account(phone?: string): TelegramAccount {
  nextId += 1;
  const person = { id: nextId, name: `Telegram ${nextId}`, username: `tg_${nextId}`, ...(phone ? { phone_number: phone } : {}) };
  provider.accounts.set(person.id, person);
  return person;
}

function setCookies(header: string | string[] | undefined): string[] {
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** A browser at the provider: follows its redirects, keeping its cookies, until it leaves for our site. */
async function atProvider(url: string, jar: Map<string, string>, init: RequestInit = {}): Promise<string> {
  let next = url;
  let options = init;
  for (let hops = 0; hops < 10; hops += 1) {
    if (!next.startsWith(provider.url)) return next;
    // The login page: the person's turn.
    if (!options.method && new URL(next).pathname.startsWith('/interaction/')) return next;
    const res = await fetch(next, {
      ...options,
      redirect: 'manual',
      headers: { ...(options.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!, v.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
    next = new URL(location, next).toString();
    options = {};
  }
  throw new Error('too many redirects');
}

interface Walked {
  /** The callback's path and query, as Telegram sends the browser back. */
  callback: string;
  /** The flow's cookie, as the browser holds it. */
  cookie: string;
}

/** 'Continue with Telegram' up to Telegram's redirect back: log in as `person`, sharing the phone or not, or Cancel. */
async function walk(
  person: TelegramAccount,
  options: { page?: 'login' | 'signup'; from?: string; share?: boolean; cancel?: boolean; lng?: 'en' | 'am' } = {},
): Promise<Walked> {
  const query = new URLSearchParams({ page: options.page ?? 'login', lng: options.lng ?? 'en', ...(options.from ? { from: options.from } : {}) });
  const start = await tg.t.request({ method: 'GET', url: `/api/auth/telegram/start?${query}` });
  expect(start.statusCode, start.body).toBe(303);
  const cookie = setCookies(start.headers['set-cookie'])[0]!.split(';')[0]!;
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toBe('openid profile phone');
  const jar = new Map<string, string>();
  const interaction = await atProvider(authorize.toString(), jar);
  const uid = /\/interaction\/([\w-]+)/.exec(interaction)![1]!;
  const form = options.cancel
    ? new URLSearchParams()
    : new URLSearchParams({ telegram_id: String(person.id), ...(options.share === false ? {} : { share_phone: '1' }) });
  const back = await atProvider(`${provider.url}/interaction/${uid}/${options.cancel ? 'abort' : 'login'}`, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const url = new URL(back);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  return { callback: `${url.pathname}${url.search}`, cookie };
}

/** Telegram's redirect back, in the browser that started the flow: where the site sends it. */
async function finish(walked: Walked, cookie = walked.cookie): Promise<URL> {
  const res = await tg.t.request({ method: 'GET', url: walked.callback, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location as string, 'https://betoch.example');
}

const redeem = (ticket: string) => tg.t.request({ method: 'POST', url: '/api/auth/telegram/session', payload: { ticket } });

describe('Continue with Telegram (OpenID Connect, code with PKCE)', () => {
  it('is offered, and the start link sends the browser to Telegram with state, nonce and PKCE', async () => {
    expect((await tg.t.request({ method: 'GET', url: '/api/auth/telegram/options' })).json()).toEqual({ ok: true, login: 'oidc' });
    const start = await tg.t.request({ method: 'GET', url: '/api/auth/telegram/start?page=login&lng=am' });
    const url = new URL(start.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${provider.url}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: '123456789', redirect_uri: REDIRECT_URI, response_type: 'code', ui_locales: 'am' });
    for (const k of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(k)?.length).toBeGreaterThan(20);
    expect(String(start.headers['set-cookie'])).toMatch(/betoch_tg_login=.+HttpOnly; SameSite=Lax; Secure/);
  });

  it("signs into the account of Telegram's verified phone without an SMS, back where the person was going", async () => {
    const user = await signUp(tg.t);
    const sms = tg.t.sms.sent.length;
    const landed = await finish(await walk(account(user.phone), { from: '/saved' }));
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('from')).toBe('/saved');
    const ticket = landed.searchParams.get('telegram')!;
    expect(ticket).not.toContain(user.phone.slice(4));
    const session = await redeem(ticket);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().user.phone).toBe(user.phone);
    const me = await tg.t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${session.json().token}` } });
    expect(me.json().phone).toBe(user.phone);
    expect(tg.t.sms.sent.length).toBe(sms);
    // The ticket is spent.
    const again = await redeem(ticket);
    expect([again.statusCode, again.json().error]).toEqual([400, 'telegram_ticket_invalid']);
  });

  it('starts signup with the verified phone and no SMS: the ticket stands for the code, once', async () => {
    const phone = uniquePhone();
    const sms = tg.t.sms.sent.length;
    const landed = await finish(await walk(account(phone), { page: 'signup', lng: 'am' }));
    expect(landed.pathname).toBe('/signup');
    expect(landed.searchParams.get('lng')).toBe('am');
    const ticket = landed.searchParams.get('telegram')!;
    const peek = await tg.t.request({ method: 'POST', url: '/api/auth/telegram/signup-ticket', payload: { ticket } });
    expect(peek.json()).toMatchObject({ ok: true, phone });
    const signup = (extra: Record<string, unknown> = {}) =>
      tg.t.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { phone, telegramTicket: ticket, name: 'Hana Girma', userType: 'tenant', acceptTerms: true, ...extra },
      });
    const created = await signup();
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user).toMatchObject({ phone, name: 'Hana Girma' });
    expect(tg.t.sms.sent.length).toBe(sms);
    const reused = await signup({ phone: uniquePhone() });
    expect([reused.statusCode, reused.json().error]).toEqual([400, 'telegram_ticket_invalid']);
    const peekAgain = await tg.t.request({ method: 'POST', url: '/api/auth/telegram/signup-ticket', payload: { ticket } });
    expect(peekAgain.json().error).toBe('telegram_ticket_invalid');
  });

  it('a signup ticket expires after 15 minutes; a made-up or altered one is refused; a sign-in ticket is not a signup ticket', async () => {
    const phone = uniquePhone();
    const ticket = (await finish(await walk(account(phone), { page: 'signup' }))).searchParams.get('telegram')!;
    const signup = (telegramTicket: string) =>
      tg.t.request({ method: 'POST', url: '/api/auth/signup', payload: { phone, telegramTicket, name: 'Late', userType: 'tenant', acceptTerms: true } });
    const altered = `${ticket.slice(0, 20)}${ticket[20] === 'A' ? 'B' : 'A'}${ticket.slice(21)}`;
    expect((await signup(altered)).json().error).toBe('telegram_ticket_invalid');
    expect((await redeem(ticket)).json().error).toBe('telegram_ticket_invalid');
    tg.t.clock.advance(16 * 60 * 1000);
    try {
      const late = await signup(ticket);
      expect([late.statusCode, late.json().error]).toEqual([400, 'telegram_ticket_invalid']);
    } finally {
      tg.t.clock.advance(-16 * 60 * 1000);
    }
  });

  it('a Telegram account that shares no phone is sent to the phone code (no SMS sent by Telegram sign-in)', async () => {
    const sms = tg.t.sms.sent.length;
    const fromLogin = await finish(await walk(account(uniquePhone()), { share: false }));
    expect([fromLogin.pathname, fromLogin.searchParams.get('telegram_error')]).toEqual(['/login', 'no_phone']);
    const fromSignup = await finish(await walk(account(), { page: 'signup' }));
    expect([fromSignup.pathname, fromSignup.searchParams.get('telegram_error')]).toEqual(['/signup', 'no_phone']);
    expect(tg.t.sms.sent.length).toBe(sms);
  });

  it('a linked Telegram account signs in even without sharing its phone', async () => {
    const user = await signUp(tg.t);
    const person = account();
    await linkTelegram(tg.t, user, person.id);
    const landed = await finish(await walk(person, { share: false }));
    expect((await redeem(landed.searchParams.get('telegram')!)).json().user.phone).toBe(user.phone);
  });

  it('Cancel at Telegram comes back to /login with its message', async () => {
    const landed = await finish(await walk(account(uniquePhone()), { cancel: true, from: '/l/abc' }));
    expect([landed.pathname, landed.searchParams.get('telegram_error'), landed.searchParams.get('from')]).toEqual(['/login', 'cancelled', '/l/abc']);
  });

  it('a wrong state, another browser (no cookie), a reused code and an expired flow are refused', async () => {
    const walked = await walk(account(uniquePhone()));
    const wrongState = walked.callback.replace(/state=([^&]+)/, 'state=forged-state-value');
    expect((await finish({ ...walked, callback: wrongState })).searchParams.get('telegram_error')).toBe('failed');
    expect((await finish(walked, '')).searchParams.get('telegram_error')).toBe('failed');
    const calls = provider.tokenCalls;
    expect((await finish(walked)).searchParams.get('telegram')).toBeTruthy();
    // The same code and state again (a replayed redirect): refused before the code is traded.
    expect((await finish(walked)).searchParams.get('telegram_error')).toBe('failed');
    expect(provider.tokenCalls).toBe(calls + 1);

    const late = await walk(account(uniquePhone()));
    tg.t.clock.advance(11 * 60 * 1000);
    try {
      expect((await finish(late)).searchParams.get('telegram_error')).toBe('expired');
    } finally {
      tg.t.clock.advance(-11 * 60 * 1000);
    }
  });

  it('an ID token for another audience, from another issuer, signed by another key, expired, or of a login over a day old is refused', async () => {
    const user = await signUp(tg.t);
    const outcomes: Record<string, string | null> = {};
    try {
      for (const fault of ['wrong_aud', 'wrong_iss', 'other_key', 'expired', 'old_auth_time'] as const) {
        provider.fault.token = fault;
        const landed = await finish(await walk(account(user.phone)));
        outcomes[fault] = landed.searchParams.get('telegram_error');
        expect(landed.searchParams.get('telegram')).toBeNull();
      }
    } finally {
      provider.fault.token = 'none';
    }
    expect(outcomes).toEqual({ wrong_aud: 'failed', wrong_iss: 'failed', other_key: 'failed', expired: 'expired', old_auth_time: 'expired' });
  });
});

describe('Continue with Telegram is hidden', () => {
  it('with TELEGRAM_LOGIN off: options say off and the start link is 404', async () => {
    const off = await createTelegramTestApp({});
    try {
      expect((await off.t.request({ method: 'GET', url: '/api/auth/telegram/options' })).json()).toEqual({ ok: true, login: 'off' });
      expect((await off.t.request({ method: 'GET', url: '/api/auth/telegram/start' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

/** The Login Widget's fields signed as Telegram signs them (data-check-string, HMAC with SHA-256 of the token). */
function widgetFields(fields: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  return { ...fields, hash: createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex') };
}

describe("Continue with Telegram (TELEGRAM_LOGIN=widget: the Login Widget's signed data)", () => {
  it('the widget page and back: a linked Telegram user signs in; a forged hash, an old auth_date, a replay and a stranger do not', async () => {
    const widget = await createTelegramTestApp({ TELEGRAM_LOGIN: 'widget' });
    try {
      expect((await widget.t.request({ method: 'GET', url: '/api/auth/telegram/options' })).json()).toEqual({ ok: true, login: 'widget' });
      const begin = async () => {
        const start = await widget.t.request({ method: 'GET', url: '/api/auth/telegram/start?page=login&lng=en&from=/saved' });
        expect(start.statusCode).toBe(303);
        const to = new URL(start.headers.location as string);
        expect(to.searchParams.get('bot_id')).toBe('123456789');
        const back = new URL(to.searchParams.get('return_to')!);
        expect(back.pathname).toBe('/api/auth/telegram/widget');
        return { state: back.searchParams.get('state')!, cookie: setCookies(start.headers['set-cookie'])[0]!.split(';')[0]! };
      };
      const back = async (flow: { state: string; cookie: string }, fields: Record<string, string>) => {
        const res = await widget.t.request({
          method: 'GET',
          url: `/api/auth/telegram/widget?${new URLSearchParams({ ...fields, state: flow.state })}`,
          headers: { cookie: flow.cookie },
        });
        expect(res.statusCode).toBe(303);
        return new URL(res.headers.location as string, 'https://betoch.example');
      };
      const user = await signUp(widget.t);
      await linkTelegram(widget.t, user, 8_300_001);
      const sms = widget.t.sms.sent.length;
      const nowS = String(Math.floor(Date.now() / 1000));
      const flow = await begin();
      const good = widgetFields({ id: '8300001', first_name: 'Hana', auth_date: nowS });
      const landed = await back(flow, good);
      expect([landed.pathname, landed.searchParams.get('from')]).toEqual(['/login', '/saved']);
      const session = await widget.t.request({ method: 'POST', url: '/api/auth/telegram/session', payload: { ticket: landed.searchParams.get('telegram') } });
      expect(session.json().user.phone).toBe(user.phone);
      expect(widget.t.sms.sent.length).toBe(sms);
      expect((await back(flow, good)).searchParams.get('telegram_error')).toBe('failed');
      expect((await back(await begin(), { ...good, id: '8300002' })).searchParams.get('telegram_error')).toBe('failed');
      const old = widgetFields({ id: '8300001', first_name: 'Hana', auth_date: String(Math.floor(Date.now() / 1000) - 25 * 3600) });
      expect((await back(await begin(), old)).searchParams.get('telegram_error')).toBe('expired');
      const stranger = widgetFields({ id: '8300009', first_name: 'Yonas', auth_date: nowS });
      expect((await back(await begin(), stranger)).searchParams.get('telegram_error')).toBe('no_phone');
    } finally {
      await widget.close();
    }
  });
});
