import { startLocalTelegramBotApi, type LocalTelegramBotApi } from '../../scripts/local-telegram-bot-api.ts';
import type { SignedIn } from './login.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const BOT_TOKEN = '123456789:AAtest-betoch-bot-token-for-tests';
export const WEBHOOK_SECRET = 'betoch-telegram-webhook-secret-tests';

export interface TelegramTestApp {
  t: TestApp;
  bot: LocalTelegramBotApi;
  close(): Promise<void>;
}

/** The API with a bot, talking to a local Bot API started for the test file. */
export async function createTelegramTestApp(env: Record<string, string> = {}): Promise<TelegramTestApp> {
  const bot = await startLocalTelegramBotApi({ token: BOT_TOKEN });
  const t = await createTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: 'betoch_test_bot',
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TELEGRAM_API_BASE: bot.url,
    TELEGRAM_TIMEOUT_MS: '1000',
    PUBLIC_URL: 'https://betoch.example',
    ...env,
  });
  return {
    t,
    bot,
    close: async () => {
      await t.close();
      await bot.close();
    },
  };
}

let updateId = 500_000;

/** Telegram's POST of an update to the webhook (the right secret unless told otherwise). */
export function deliver(t: TestApp, update: Record<string, unknown>, secret: string | null = WEBHOOK_SECRET) {
  return t.request({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
    payload: JSON.stringify({ update_id: ++updateId, ...update }),
  });
}

/** A private text message from a Telegram user, as an update. */
export function textUpdate(chatId: number, text: string, languageCode = 'en') {
  return {
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private' },
      from: { id: chatId, is_bot: false, first_name: 'Abebe', language_code: languageCode },
      text,
    },
  };
}

/** Processes what the webhook took and sends what was queued. */
export async function settleTelegram(t: TestApp): Promise<void> {
  await t.telegram.updates?.run();
  await t.telegram.queue?.drain();
}

/** 'Connect Telegram' from /account: the start token of the link. */
export async function startToken(t: TestApp, user: SignedIn, language: 'en' | 'am' = 'en'): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/account/telegram/link', headers: user.auth, payload: { language } });
  if (res.statusCode !== 200) throw new Error(`link failed: ${res.statusCode} ${res.body}`);
  const url = new URL(res.json().url as string);
  return url.searchParams.get('start') ?? '';
}

/** Links a user to a chat through the real calls (link, /start <token>). */
export async function linkTelegram(t: TestApp, user: SignedIn, chatId: number, language: 'en' | 'am' = 'en'): Promise<void> {
  const token = await startToken(t, user, language);
  const res = await deliver(t, textUpdate(chatId, `/start ${token}`));
  if (res.statusCode !== 200) throw new Error(`webhook failed: ${res.statusCode} ${res.body}`);
  await settleTelegram(t);
}
