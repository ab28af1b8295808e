import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../support/login.ts';
import { BOT_TOKEN, createTelegramTestApp, linkTelegram, type TelegramTestApp } from '../support/telegram.ts';
import { startLocalTelegramOidc, type LocalTelegramOidc } from '../support/telegram-oidc.ts';

const BOT_ID = BOT_TOKEN.split(':')[0]!;

/** The Login Widget's fields signed as Telegram signs them. */
function widgetData(fields: Record<string, string | number>, token = BOT_TOKEN): Record<string, string | number> {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

const nowS = () => Math.floor(Date.now() / 1000);

let tg: TelegramTestApp;
let oidc: LocalTelegramOidc;
beforeAll(async () => {
  oidc = await startLocalTelegramOidc(BOT_ID);
  tg = await createTelegramTestApp({ TELEGRAM_LOGIN: 'oidc', TELEGRAM_OIDC_ISSUER: oidc.issuer, TELEGRAM_CLIENT_SECRET: 'local-telegram-client-secret' });
});
afterAll(async () => {
  await tg.close();
  await oidc.close();
});

const signIn = (payload: Record<string, unknown>) => tg.t.request({ method: 'POST', url: '/api/auth/telegram', payload });

describe('sign in with Telegram: the OpenID Connect ID token', () => {
  it('a verified phone of an account signs into it without an SMS', async () => {
    const user = await signUp(tg.t);
    const smsBefore = tg.t.sms.sent.length;
    const res = await signIn({ id_token: await oidc.idToken({ sub: '5550001', phone_number: user.phone, auth_time: nowS() }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'signed_in', user: { phone: user.phone } });
    const me = await tg.t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${res.json().token}` } });
    expect(me.statusCode).toBe(200);
    expect(tg.t.sms.sent.length).toBe(smsBefore);
  });

  it('a verified phone without an account starts signup with it', async () => {
    const phone = uniquePhone();
    const res = await signIn({ id_token: await oidc.idToken({ sub: '5550002', phone_number: phone, auth_time: nowS() }) });
    expect(res.json()).toEqual({ ok: true, status: 'signup', phone });
  });

  it('a token for another bot (audience), from another issuer, expired, too old or signed by another key is refused', async () => {
    const phone = (await signUp(tg.t)).phone;
    const claims = { sub: '5550003', phone_number: phone, auth_time: nowS() };
    const wrongAudience = await signIn({ id_token: await oidc.idToken(claims, { audience: '999' }) });
    const wrongIssuer = await signIn({ id_token: await oidc.idToken(claims, { issuer: 'https://evil.example' }) });
    const forged = await signIn({ id_token: await oidc.idToken(claims, { key: oidc.strangerKey }) });
    const expired = await signIn({ id_token: await oidc.idToken(claims, { issuedAgoS: 700, expiresInS: 600 }) });
    const oldLogin = await signIn({ id_token: await oidc.idToken({ ...claims, auth_time: nowS() - 2 * 24 * 3600 }) });
    expect([wrongAudience, wrongIssuer, forged].map((r) => [r.statusCode, r.json().error])).toEqual([
      [401, 'invalid_signature'],
      [401, 'invalid_signature'],
      [401, 'invalid_signature'],
    ]);
    expect([expired.statusCode, expired.json().error]).toEqual([401, 'telegram_login_expired']);
    expect([oldLogin.statusCode, oldLogin.json().error]).toEqual([401, 'telegram_login_expired']);
  });

  it('a Telegram account that shared no phone is asked for the phone code, unless it is linked', async () => {
    expect((await signIn({ id_token: await oidc.idToken({ sub: '5550004', auth_time: nowS() }) })).json()).toEqual({ ok: true, status: 'phone_code' });
    const user = await signUp(tg.t);
    await linkTelegram(tg.t, user, 5550005);
    expect((await signIn({ id_token: await oidc.idToken({ sub: '5550005', auth_time: nowS() }) })).json()).toMatchObject({
      status: 'signed_in',
      user: { phone: user.phone },
    });
  });
});

describe('sign in with Telegram: the Login Widget', () => {
  it('signed data of a linked Telegram user signs in; of another, the phone code as today', async () => {
    const user = await signUp(tg.t);
    await linkTelegram(tg.t, user, 5560001);
    const linked = await signIn({ widget: widgetData({ id: 5560001, first_name: 'Hana', username: 'hana', auth_date: nowS() }) });
    expect(linked.json()).toMatchObject({ status: 'signed_in', user: { phone: user.phone } });
    const stranger = await signIn({ widget: widgetData({ id: 5560002, first_name: 'Yonas', auth_date: nowS() }) });
    expect(stranger.json()).toEqual({ ok: true, status: 'phone_code' });
  });

  it('a hash that does not verify, or an auth_date over a day old, is refused', async () => {
    const good = widgetData({ id: 5560003, first_name: 'Hana', auth_date: nowS() });
    const altered = { ...good, id: 5560004 };
    const otherBot = widgetData({ id: 5560003, first_name: 'Hana', auth_date: nowS() }, '987654321:AAanother-bot-token-for-tests-000');
    const old = widgetData({ id: 5560003, first_name: 'Hana', auth_date: nowS() - 24 * 3600 - 5 });
    for (const widget of [altered, otherBot, { ...good, hash: 'nothex' }]) {
      const res = await signIn({ widget });
      expect([res.statusCode, res.json().error]).toEqual([401, 'invalid_signature']);
    }
    const res = await signIn({ widget: old });
    expect([res.statusCode, res.json().error]).toEqual([401, 'telegram_login_expired']);
  });
});
