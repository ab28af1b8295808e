import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BotApi } from './bot-api-client.ts';
import { readFreshnessCallback, type FreshnessChoice } from './callback-data.ts';
import { hashStartToken } from './start-token.ts';
import { fitMessage, text, type TextKey } from './telegram-texts.ts';
import type { TelegramQueue } from './telegram-queue.ts';
import {
  deleteLinkByChat,
  findLinkByChat,
  finishUpdate,
  leaseUpdates,
  lockStartToken,
  spendStartToken,
  upsertLink,
  type TelegramLanguage,
} from './telegram.repository.ts';

interface TgUser {
  id: number;
  language_code?: string;
}
interface TgMessage {
  message_id: number;
  chat: { id: number; type: string };
  from?: TgUser;
  text?: string;
}
interface TgCallbackQuery {
  id: string;
  from: TgUser;
  message?: TgMessage;
  data?: string;
}
interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  callback_query?: TgCallbackQuery;
}

export interface UpdateProcessorOptions {
  db: Db;
  api: BotApi;
  queue: TelegramQueue;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  callbackKey: string;
  /** The freshness answer from a link token (spends it; AppError confirm_link_invalid when spent or expired). */
  answerFreshness: (token: string, choice: FreshnessChoice) => Promise<unknown>;
}

export interface UpdateProcessor {
  /** Processes every update not yet processed (leased, so one server does each). */
  run(): Promise<number>;
  kick(): void;
  settle(): Promise<void>;
}

const LEASE_MS = 30_000;
const MAX_ATTEMPTS = 5;

function languageOf(user: TgUser | undefined): TelegramLanguage {
  return user?.language_code?.startsWith('am') ? 'am' : 'en';
}

/**
 * What the bot does with an update (docs/telegram.md): /start <token> links the chat, /stop
 * unlinks it, a freshness button answers the question. Replies go through the queue with the
 * update's id in their key, so an update processed again after a crash never answers twice.
 */
export function createUpdateProcessor(options: UpdateProcessorOptions): UpdateProcessor {
  let running: Promise<number> | undefined;
  let again = false;

  async function reply(updateId: number, chatId: number, key: TextKey, language: TelegramLanguage, userId: string | null): Promise<void> {
    await options.queue.enqueue({
      kind: 'bot_reply',
      method: 'sendMessage',
      params: { chat_id: chatId, text: fitMessage(text(key, language)) },
      userId,
      dedupeKey: `update:${updateId}`,
    });
  }

  async function start(update: TgUpdate, message: TgMessage, token: string): Promise<string> {
    const chatId = message.chat.id;
    const now = options.now();
    const outcome = await options.db.transaction(async (tx) => {
      const row = token ? await lockStartToken(tx, hashStartToken(token)) : undefined;
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime())
        return { key: 'startInvalid' as const, language: languageOf(message.from), userId: null };
      const current = await findLinkByChat(tx, chatId);
      // A chat linked to another account is not taken over by a link of someone else's.
      if (current && current.userId !== row.userId) return { key: 'chatTaken' as const, language: current.language, userId: null };
      await spendStartToken(tx, hashStartToken(token), now);
      await upsertLink(tx, row.userId, chatId, row.language, now);
      return { key: 'linked' as const, language: row.language, userId: row.userId };
    });
    await reply(update.update_id, chatId, outcome.key, outcome.language, outcome.userId);
    return outcome.key;
  }

  async function onMessage(update: TgUpdate, message: TgMessage): Promise<string> {
    if (message.chat.type !== 'private') return 'ignored: not a private chat';
    const command = /^\/(start|stop)(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(message.text?.trim() ?? '');
    if (command?.[1] === 'start' && command[2]) return start(update, message, command[2]);
    const link = await findLinkByChat(options.db, message.chat.id);
    const language = link?.language ?? languageOf(message.from);
    if (command?.[1] === 'stop') {
      const unlinked = await deleteLinkByChat(options.db, message.chat.id);
      await reply(update.update_id, message.chat.id, unlinked ? 'stopped' : 'notLinked', language, null);
      return unlinked ? 'stopped' : 'stop: not linked';
    }
    await reply(update.update_id, message.chat.id, link ? 'linked' : 'welcome', language, link?.userId ?? null);
    return 'welcome';
  }

  async function answerCallback(query: TgCallbackQuery, key: TextKey, language: TelegramLanguage): Promise<void> {
    // Acknowledged at once (the button stops spinning); a failure here is only logged.
    await options.api
      .call('answerCallbackQuery', { callback_query_id: query.id, text: text(key, language) })
      .catch((error: unknown) => options.log.warn({ err: (error as Error).message }, 'telegram: callback not answered'));
  }

  async function onCallback(query: TgCallbackQuery): Promise<string> {
    const chatId = query.message?.chat.id ?? query.from.id;
    const link = await findLinkByChat(options.db, chatId);
    const language = link?.language ?? languageOf(query.from);
    const parsed = query.data ? readFreshnessCallback(options.callbackKey, query.data) : null;
    if (!parsed || !link) {
      await answerCallback(query, 'buttonInvalid', language);
      return 'callback: invalid';
    }
    try {
      await options.answerFreshness(parsed.token, parsed.choice);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await answerCallback(query, 'buttonSpent', language);
      return `callback: ${error.code}`;
    }
    await answerCallback(query, parsed.choice === 'rented' ? 'answeredRented' : 'answeredAvailable', language);
    return `freshness: ${parsed.choice}`;
  }

  async function process(update: TgUpdate): Promise<string> {
    if (update.message) return onMessage(update, update.message);
    if (update.callback_query) return onCallback(update.callback_query);
    return 'ignored';
  }

  async function runOnce(): Promise<number> {
    let done = 0;
    for (;;) {
      const leased = await leaseUpdates(options.db, options.now(), LEASE_MS, 20);
      if (leased.length === 0) return done;
      for (const row of leased) {
        const update = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as TgUpdate;
        const id = Number(row.update_id);
        let outcome: string;
        try {
          outcome = await process(update);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          options.log.warn({ update: id, err: message }, 'telegram: update failed');
          // Left leased: tried again when the lease ends, given up after a few tries.
          if (row.attempts < MAX_ATTEMPTS) continue;
          outcome = `failed: ${message}`.slice(0, 200);
        }
        await finishUpdate(options.db, id, options.now(), outcome);
        done++;
      }
      options.queue.kick();
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await runOnce();
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    run,
    kick() {
      void run().catch((error: unknown) => options.log.warn({ err: (error as Error).message }, 'telegram: updates not processed'));
    },
    async settle() {
      while (running) await running.catch(() => undefined);
    },
  };
}
