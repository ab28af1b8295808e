import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv, EnvError } from '../../src/config/env.ts';
import { codeFor } from '../account/account-calls.ts';
import { signUp } from '../support/login.ts';
import { createTestApp } from '../support/test-app.ts';
import { BOT_TOKEN, createTelegramTestApp, deliver, linkTelegram, settleTelegram, startToken, textUpdate, type TelegramTestApp } from '../support/telegram.ts';

describe('Telegram configuration', () => {
  const base = { APP_MODE: 'production', JWT_SECRET: 'x'.repeat(40), SMS_GATEWAY_URL: 'https://sms.example', SMS_GATEWAY_TOKEN: 't', SMS_SENDER_ID: 'Betoch' };

  it('refuses to start in production with a token and no webhook secret', () => {
    expect(() => loadEnv({ ...base, TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'betoch_bot' })).toThrow(
      /TELEGRAM_WEBHOOK_SECRET: is required in production/,
    );
  });

  it('starts in production with both, and takes the API base from configuration', () => {
    const env = loadEnv({
      ...base,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: '@betoch_bot',
      TELEGRAM_WEBHOOK_SECRET: 's'.repeat(20),
      TELEGRAM_API_BASE: 'http://127.0.0.1:9/',
    });
    expect(env.telegram).toMatchObject({ username: 'betoch_bot', apiBase: 'http://127.0.0.1:9', login: 'off' });
  });

  it('refuses a malformed token and a token without the username', () => {
    expect(() => loadEnv({ TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(EnvError);
    expect(() => loadEnv({ TELEGRAM_BOT_TOKEN: BOT_TOKEN })).toThrow(/TELEGRAM_BOT_USERNAME/);
  });

  it('without a token every Telegram feature is hidden: status unavailable, the rest 404', async () => {
    const t = await createTestApp();
    try {
      const user = await signUp(t);
      const status = await t.request({ method: 'GET', url: '/api/account/telegram', headers: user.auth });
      expect(status.json()).toEqual({ ok: true, available: false, linked: false, linked_at: null });
      expect((await t.request({ method: 'POST', url: '/api/account/telegram/link', headers: user.auth, payload: {} })).statusCode).toBe(404);
      expect((await deliver(t, textUpdate(1, '/start'))).statusCode).toBe(404);
      expect(
        (await t.request({ method: 'POST', url: '/api/auth/telegram', payload: { widget: { id: 1, auth_date: 1, hash: 'a'.repeat(64) } } })).statusCode,
      ).toBe(404);
      expect(t.telegram.queue).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('the webhook and linking an account', () => {
  let tg: TelegramTestApp;
  beforeAll(async () => {
    tg = await createTelegramTestApp();
  });
  afterAll(async () => tg.close());

  it('answers 401 to a missing or forged secret header, and keeps nothing', async () => {
    const missing = await deliver(tg.t, textUpdate(7001, '/start'), null);
    const forged = await deliver(tg.t, textUpdate(7001, '/start'), 'wrong-secret-wrong-secret');
    expect([missing.statusCode, forged.statusCode]).toEqual([401, 401]);
    expect(missing.json().error).toBe('invalid_signature');
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(7001)).toHaveLength(0);
  });

  it('refuses an update without an update_id (400), and the server stays up', async () => {
    const res = await tg.t.request({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'betoch-telegram-webhook-secret-tests' },
      payload: '{"message":{}}',
    });
    expect(res.statusCode).toBe(400);
    expect((await deliver(tg.t, textUpdate(7002, 'hello'))).statusCode).toBe(200);
  });

  it('answers at once and does the work after; a replayed update does nothing twice', async () => {
    const update = { update_id: 900_001, ...textUpdate(7003, '/start') };
    const send = () =>
      tg.t.request({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'betoch-telegram-webhook-secret-tests' },
        payload: JSON.stringify(update),
      });
    const first = await send();
    expect(first.json()).toEqual({ ok: true, duplicate: false });
    await settleTelegram(tg.t);
    const again = await send();
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(7003)).toHaveLength(1);
    expect(tg.bot.messagesTo(7003)[0]!.text).toMatch(/Welcome to Betoch/);
  });

  it('links with /start <token> from /account, in the chosen language, and /account shows it', async () => {
    const user = await signUp(tg.t);
    const link = await tg.t.request({ method: 'POST', url: '/api/account/telegram/link', headers: user.auth, payload: { language: 'am' } });
    expect(link.statusCode).toBe(200);
    expect(link.json().url).toMatch(/^https:\/\/t\.me\/betoch_test_bot\?start=[\w-]{32}$/);
    const token = new URL(link.json().url as string).searchParams.get('start');
    await deliver(tg.t, textUpdate(7004, `/start ${token}`));
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(7004).at(-1)!.text).toMatch(/ተገናኝቷል/);
    const status = await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: user.auth });
    expect(status.json()).toMatchObject({ available: true, linked: true });
  });

  it('a reused start token does not link again', async () => {
    const [a, b] = [await signUp(tg.t), await signUp(tg.t)];
    const token = await startToken(tg.t, a);
    await deliver(tg.t, textUpdate(7005, `/start ${token}`));
    await deliver(tg.t, textUpdate(7006, `/start ${token}`));
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(7006).at(-1)!.text).toMatch(/expired or was already used/);
    const status = await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: a.auth });
    expect(status.json().linked).toBe(true);
    expect((await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: b.auth })).json().linked).toBe(false);
  });

  it('an expired start token (over 10 minutes) does not link', async () => {
    const user = await signUp(tg.t);
    const token = await startToken(tg.t, user);
    tg.t.clock.advance(10 * 60 * 1000 + 1000);
    await deliver(tg.t, textUpdate(7007, `/start ${token}`));
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(7007).at(-1)!.text).toMatch(/expired or was already used/);
    expect((await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: user.auth })).json().linked).toBe(false);
  });

  it("another user's token does not take over a chat linked to someone else, and is not spent", async () => {
    const [owner, other] = [await signUp(tg.t), await signUp(tg.t)];
    await linkTelegram(tg.t, owner, 7008);
    const token = await startToken(tg.t, other);
    await deliver(tg.t, textUpdate(7008, `/start ${token}`));
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(7008).at(-1)!.text).toMatch(/connected to another Betoch account/);
    expect((await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: other.auth })).json().linked).toBe(false);
    // The token still works from the other person's own chat.
    await deliver(tg.t, textUpdate(7009, `/start ${token}`));
    await settleTelegram(tg.t);
    expect((await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: other.auth })).json().linked).toBe(true);
  });

  it('a made-up token does not link', async () => {
    await deliver(tg.t, textUpdate(7010, '/start AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(7010).at(-1)!.text).toMatch(/expired or was already used/);
  });

  it("'Disconnect' on /account unlinks", async () => {
    const user = await signUp(tg.t);
    await linkTelegram(tg.t, user, 7011);
    expect((await tg.t.request({ method: 'DELETE', url: '/api/account/telegram', headers: user.auth })).statusCode).toBe(200);
    expect((await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: user.auth })).json().linked).toBe(false);
  });

  it('/stop in the bot unlinks', async () => {
    const user = await signUp(tg.t);
    await linkTelegram(tg.t, user, 7012);
    await deliver(tg.t, textUpdate(7012, '/stop'));
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(7012).at(-1)!.text).toMatch(/Disconnected/);
    expect((await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: user.auth })).json().linked).toBe(false);
  });

  it('deleting the account unlinks it', async () => {
    const user = await signUp(tg.t);
    await linkTelegram(tg.t, user, 7013);
    const code = await codeFor(tg.t, user, '/api/account/delete/request-code');
    const deleted = await tg.t.request({ method: 'POST', url: '/api/account/delete', headers: user.auth, payload: { code } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await tg.t.database.sql.query('SELECT 1 FROM telegram_links WHERE chat_id = 7013');
    expect(rows).toHaveLength(0);
  });

  it('the link call needs a signed-in user', async () => {
    expect((await tg.t.request({ method: 'POST', url: '/api/account/telegram/link', payload: {} })).statusCode).toBe(401);
  });
});
