import type { TelegramEnv } from '../../config/env.ts';

/** Telegram's own limits (core.telegram.org/bots/api): a message's text and a photo's caption. */
export const MESSAGE_TEXT_MAX = 4096;
export const CAPTION_MAX = 1024;
export const CALLBACK_DATA_MAX_BYTES = 64;

export type InlineButton = { text: string; url: string } | { text: string; callback_data: string };
export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

/** The Bot API methods Betoch calls, with what each takes. */
export interface BotApiMethods {
  sendMessage: { chat_id: number | string; text: string; reply_markup?: InlineKeyboard; disable_web_page_preview?: boolean };
  sendPhoto: { chat_id: number | string; photo: string; caption?: string; reply_markup?: InlineKeyboard };
  editMessageCaption: { chat_id: number | string; message_id: number; caption: string; reply_markup?: InlineKeyboard };
  deleteMessage: { chat_id: number | string; message_id: number };
  answerCallbackQuery: { callback_query_id: string; text?: string };
  setWebhook: { url: string; secret_token?: string; allowed_updates?: string[] };
}
export type BotApiMethod = keyof BotApiMethods;

/**
 * A call Telegram refused or could not take. `status` is the HTTP status (0: no answer at all);
 * `retryAfterS` is set with 429 (Telegram's parameters.retry_after).
 */
export class BotApiError extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    description: string,
    readonly retryAfterS?: number,
  ) {
    super(`Telegram ${method}: ${status || 'no answer'} ${description}`);
  }

  /** The user blocked the bot or left the chat: nothing more can be sent there. */
  get blocked(): boolean {
    return this.status === 403;
  }

  /** Worth another try later: rate limit, Telegram's own trouble, or no answer. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 0 || this.status >= 500;
  }
}

export interface BotApi {
  call<M extends BotApiMethod>(method: M, params: BotApiMethods[M]): Promise<unknown>;
}

interface BotApiAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** The Bot API at TELEGRAM_API_BASE: POST <base>/bot<token>/<method> with JSON, answers { ok, result }. */
export function createBotApi(config: Pick<TelegramEnv, 'apiBase' | 'token' | 'timeoutMs'>): BotApi {
  return {
    async call(method, params) {
      let response: Response;
      try {
        response = await fetch(`${config.apiBase}/bot${config.token}/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(params),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        // The token is in the address: the message names the method only.
        throw new BotApiError(method, 0, error instanceof Error ? error.name : 'network error');
      }
      let answer: BotApiAnswer;
      try {
        answer = (await response.json()) as BotApiAnswer;
      } catch {
        throw new BotApiError(method, response.status || 0, 'answer was not JSON');
      }
      if (response.ok && answer.ok === true) return answer.result;
      const status = response.ok ? (answer.error_code ?? 500) : response.status;
      throw new BotApiError(method, status, answer.description ?? 'error', answer.parameters?.retry_after);
    },
  };
}
