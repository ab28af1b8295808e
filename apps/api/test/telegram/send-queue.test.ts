import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { setWebhook } from '../../src/cli/telegram-set-webhook.ts';
import { createBotApi, MESSAGE_TEXT_MAX } from '../../src/modules/telegram/bot-api-client.ts';
import { createTelegramQueue } from '../../src/modules/telegram/telegram-queue.ts';
import { fitMessage } from '../../src/modules/telegram/telegram-texts.ts';
import { cleanUpTelegram, TELEGRAM_KEEP_MS } from '../../src/modules/telegram/telegram-cleanup.ts';
import { signUp } from '../support/login.ts';
import { BOT_TOKEN, createTelegramTestApp, linkTelegram, WEBHOOK_SECRET, type TelegramTestApp } from '../support/telegram.ts';

let tg: TelegramTestApp;
beforeAll(async () => {
  tg = await createTelegramTestApp();
});
afterAll(async () => tg.close());

let nextChat = 9100;
const queue = () => tg.t.telegram.queue!;

async function outboxRow(dedupeKey: string) {
  const [row] = await tg.t.database.sql.query<{
    attempts: number;
    sent_at: string | null;
    failed_at: string | null;
    last_error: string | null;
    not_before: string;
  }>('SELECT attempts, sent_at, failed_at, last_error, not_before FROM telegram_outbox WHERE dedupe_key = $1', [dedupeKey]);
  return row!;
}

function message(chat: number, key: string, text = 'Hello from Betoch') {
  return queue().enqueue({ kind: 'test', method: 'sendMessage', params: { chat_id: chat, text }, userId: null, dedupeKey: key });
}

describe('the send queue', () => {
  it('honours 429 retry_after: the call waits that long, then goes once', async () => {
    const chat = ++nextChat;
    tg.bot.fail({ method: 'sendMessage', status: 429, description: 'Too Many Requests: retry after 1', retryAfterS: 1 });
    await message(chat, 'rl-1');
    const startedAt = Date.now();
    await queue().drain();
    const waiting = await outboxRow('rl-1');
    expect(waiting.sent_at).toBeNull();
    expect(new Date(waiting.not_before).getTime() - tg.t.clock.now().getTime()).toBeGreaterThan(500);
    tg.t.clock.advance(1000);
    await queue().drain();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    expect((await outboxRow('rl-1')).sent_at).not.toBeNull();
    expect(tg.bot.messagesTo(chat)).toHaveLength(1);
  });

  it('retries after 5xx and after no answer, with a growing wait', async () => {
    const chat = ++nextChat;
    tg.bot.fail({ method: 'sendMessage', status: 502, description: 'Bad Gateway', times: 2 });
    await message(chat, '5xx-1');
    await queue().drain();
    expect((await outboxRow('5xx-1')).last_error).toMatch(/502/);
    tg.t.clock.advance(2_000);
    await queue().drain();
    expect((await outboxRow('5xx-1')).sent_at).toBeNull();
    tg.t.clock.advance(4_000);
    await queue().drain();
    const row = await outboxRow('5xx-1');
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(3);
    expect(tg.bot.messagesTo(chat)).toHaveLength(1);
  });

  it('counts each Bot API call in /metrics, sent or refused', async () => {
    const read = async (outcome: string) => {
      const text = (await tg.t.request({ method: 'GET', url: '/metrics' })).body;
      const line = text.split('\n').find((l) => l.startsWith(`betoch_outbound_calls_total{channel="telegram",outcome="${outcome}"}`));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const [okBefore, failedBefore] = [await read('ok'), await read('failed')];
    const chat = ++nextChat;
    tg.bot.fail({ method: 'sendMessage', status: 502, description: 'Bad Gateway', times: 1 });
    await message(chat, 'metrics-1');
    await queue().drain();
    tg.t.clock.advance(2_000);
    await queue().drain();
    expect(tg.bot.messagesTo(chat)).toHaveLength(1);
    expect(await read('failed')).toBe(failedBefore + 1);
    expect(await read('ok')).toBe(okBefore + 1);
  });

  it('403 (the user blocked the bot) unlinks the account and drops what was queued for it', async () => {
    const user = await signUp(tg.t);
    const chat = ++nextChat;
    await linkTelegram(tg.t, user, chat);
    tg.bot.blocked.add(String(chat));
    await message(chat, 'blocked-1');
    await message(chat, 'blocked-2');
    await queue().drain();
    expect((await outboxRow('blocked-1')).failed_at).not.toBeNull();
    expect((await outboxRow('blocked-2')).last_error).toBe('chat blocked the bot');
    expect((await tg.t.request({ method: 'GET', url: '/api/account/telegram', headers: user.auth })).json().linked).toBe(false);
  });

  it('a message longer than Telegram allows is cut to fit, and a refused one fails with its reason', async () => {
    const chat = ++nextChat;
    await message(chat, 'long-1', fitMessage('ቤ'.repeat(MESSAGE_TEXT_MAX + 500)));
    await message(chat, 'long-2', 'x'.repeat(MESSAGE_TEXT_MAX + 1));
    await queue().drain();
    expect(tg.bot.messagesTo(chat)[0]!.text).toHaveLength(MESSAGE_TEXT_MAX);
    expect(tg.bot.messagesTo(chat)[0]!.text.endsWith('…')).toBe(true);
    const refused = await outboxRow('long-2');
    expect(refused.failed_at).not.toBeNull();
    expect(refused.last_error).toMatch(/message is too long/);
  });

  it('a key is queued once, and two servers draining together send each call once', async () => {
    const chat = ++nextChat;
    expect(await message(chat, 'twice')).toBe(true);
    expect(await message(chat, 'twice')).toBe(false);
    for (let i = 0; i < 20; i++) await message(nextChat + 1 + i, `many-${i}`);
    nextChat += 21;
    const other = createTelegramQueue({
      db: tg.t.ctx.db,
      api: createBotApi({ apiBase: tg.bot.url, token: BOT_TOKEN, timeoutMs: 1000 }),
      now: tg.t.clock.now,
      log: tg.t.ctx.log,
    });
    const before = tg.bot.calls.length;
    await Promise.all([queue().drain(), other.drain()]);
    expect(tg.bot.calls.length - before).toBe(21);
  });

  it('the Bot API client names Telegram’s refusal and never the token', async () => {
    const api = createBotApi({ apiBase: tg.bot.url, token: '1:wrong-token-wrong-token-wrong', timeoutMs: 1000 });
    await expect(api.call('sendMessage', { chat_id: 1, text: 'x' })).rejects.toMatchObject({ status: 401 });
    const down = createBotApi({ apiBase: 'http://127.0.0.1:9', token: BOT_TOKEN, timeoutMs: 500 });
    const error = await down.call('sendMessage', { chat_id: 1, text: 'x' }).catch((e: Error) => e);
    expect(error).toMatchObject({ status: 0, retryable: true });
    expect(String((error as Error).message)).not.toContain(BOT_TOKEN);
  });
});

describe('npm run telegram:set-webhook', () => {
  it('registers PUBLIC_URL/api/telegram/webhook with the secret and the updates the bot reads', async () => {
    const env = loadEnv({
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: 'betoch_test_bot',
      TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TELEGRAM_API_BASE: tg.bot.url,
      PUBLIC_URL: 'https://betoch.example',
    });
    expect(await setWebhook(env)).toBeNull();
    expect(tg.bot.webhook).toEqual({
      url: 'https://betoch.example/api/telegram/webhook',
      secret: WEBHOOK_SECRET,
      allowedUpdates: ['message', 'callback_query'],
    });
    expect(await setWebhook({ ...env, publicUrl: undefined })).toMatch(/PUBLIC_URL/);
  });
});

describe('the daily clean-up', () => {
  it('deletes dead start tokens, and processed updates and finished sends past 30 days; keeps what is pending', async () => {
    const chat = ++nextChat;
    await message(chat, 'cleanup-sent');
    await queue().drain();
    await queue().enqueue({ kind: 'test', method: 'sendMessage', params: { chat_id: chat, text: 'later' }, userId: null, dedupeKey: 'cleanup-pending' });
    const later = new Date(tg.t.clock.now().getTime() + TELEGRAM_KEEP_MS + 60_000);
    const done = await cleanUpTelegram(tg.t.ctx.db, later);
    expect(done.sends).toBeGreaterThan(0);
    expect(done.updates).toBeGreaterThanOrEqual(0);
    expect(await tg.t.database.sql.query("SELECT 1 FROM telegram_outbox WHERE dedupe_key = 'cleanup-sent'")).toHaveLength(0);
    expect(await tg.t.database.sql.query("SELECT 1 FROM telegram_outbox WHERE dedupe_key = 'cleanup-pending'")).toHaveLength(1);
  });
});
