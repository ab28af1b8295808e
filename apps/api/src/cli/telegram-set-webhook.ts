/**
 * Registers the bot's webhook with Telegram (setWebhook): PUBLIC_URL/api/telegram/webhook, the
 * secret token TELEGRAM_WEBHOOK_SECRET, and the updates the bot reads (messages and button taps):
 *   npm run telegram:set-webhook
 * Exit codes: 0 registered, 1 Telegram refused, 78 bad environment (no bot, no PUBLIC_URL).
 */
import type { Env } from '../config/env.ts';
import { BotApiError, createBotApi } from '../modules/telegram/bot-api-client.ts';
import { EXIT_BAD_ENV, loadEnvOrSay, runAsCommand } from './cli-start.ts';

export const WEBHOOK_PATH = '/api/telegram/webhook';
export const ALLOWED_UPDATES = ['message', 'callback_query'];

/** Answers what went wrong, or null once registered. */
export async function setWebhook(env: Env): Promise<string | null> {
  if (!env.telegram) return 'TELEGRAM_BOT_TOKEN is not set: there is no bot to register.';
  if (!env.publicUrl) return 'PUBLIC_URL is not set: Telegram needs the public https address of the site.';
  const api = createBotApi(env.telegram);
  try {
    await api.call('setWebhook', {
      url: `${env.publicUrl}${WEBHOOK_PATH}`,
      ...(env.telegram.webhookSecret ? { secret_token: env.telegram.webhookSecret } : {}),
      allowed_updates: ALLOWED_UPDATES,
    });
    return null;
  } catch (error) {
    if (error instanceof BotApiError) return error.message;
    throw error;
  }
}

async function main(): Promise<number> {
  const env = loadEnvOrSay();
  if (!env) return EXIT_BAD_ENV;
  const problem = await setWebhook(env);
  if (problem) {
    console.error(problem);
    return env.telegram && env.publicUrl ? 1 : EXIT_BAD_ENV;
  }
  console.log(`Webhook registered: ${env.publicUrl}${WEBHOOK_PATH}`);
  return 0;
}

runAsCommand(import.meta.url, 'telegram set-webhook', main);
