import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { BotApiError, type BotApi, type BotApiMethod, type BotApiMethods } from './bot-api-client.ts';
import {
  deleteLinkByChat,
  failPendingToChat,
  insertOutbox,
  leaseOutbox,
  markFailed,
  markSent,
  nextDueAt,
  retryLater,
  type LeasedCall,
} from './telegram.repository.ts';

/** A Bot API call to queue: who it is for (the account, to stop it when unlinked), and a key that keeps it single. */
export interface QueuedCall<M extends BotApiMethod = BotApiMethod> {
  kind: string;
  method: M;
  params: BotApiMethods[M];
  userId: string | null;
  dedupeKey?: string;
}

export interface TelegramQueueOptions {
  db: Db;
  api: BotApi;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Sends a second from this server (Telegram: about 30 overall). */
  maxPerSecond?: number;
  /** Between two messages to one chat (Telegram: 1 a second to a person; 20 a minute to a channel). */
  perChatGapMs?: number;
  perChannelGapMs?: number;
  /** How often a listening server looks for calls other servers queued or that fell due. */
  pollEveryMs?: number;
  /** After a sent call: a channel post keeps its message id. */
  onSent?: (call: LeasedCall, result: unknown) => Promise<void>;
}

export interface TelegramQueue {
  /** Queues a call (in the caller's transaction when given one); false when its key was queued before. */
  enqueue(call: QueuedCall, db?: Pick<Db, 'insert'>): Promise<boolean>;
  /** Sends what is due soon, off the caller's path. */
  kick(): void;
  /** Sends every call due now (and those that fall due while it runs); answers how many were sent. */
  drain(): Promise<number>;
  /** Resolves when no drain is running and none is asked for. */
  settle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

const LEASE_MS = 60_000;
const BATCH = 50;
const MAX_ATTEMPTS = 10;
const PARALLEL_CHATS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The send queue (docs/telegram.md): rows in telegram_outbox, leased so one server sends each; a
 * 429 puts the call back after retry_after (and this server waits as long); 5xx and no answer
 * retry with a growing wait; 403 (blocked) unlinks the chat and drops what was queued for it; any
 * other refusal fails the call for good with Telegram's description.
 */
export function createTelegramQueue(options: TelegramQueueOptions): TelegramQueue {
  const intervalMs = 1000 / (options.maxPerSecond ?? 30);
  const chatGapMs = options.perChatGapMs ?? 1000;
  const channelGapMs = options.perChannelGapMs ?? 3000;
  let nextSlot = 0;
  let pausedUntil = 0;
  const lastToChat = new Map<string, number>();
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** The pacer: one send per interval across this server, none while Telegram said to wait. */
  async function slot(): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (pausedUntil > now) {
        await sleep(pausedUntil - now);
        continue;
      }
      const at = Math.max(now, nextSlot);
      nextSlot = at + intervalMs;
      if (at > now) await sleep(at - now);
      return;
    }
  }

  async function spaceChat(chatId: string): Promise<void> {
    const gap = chatId.startsWith('-') || chatId.startsWith('@') ? channelGapMs : chatGapMs;
    const last = lastToChat.get(chatId);
    if (last !== undefined && Date.now() - last < gap) await sleep(gap - (Date.now() - last));
  }

  async function sendOne(call: LeasedCall): Promise<'sent' | 'blocked' | 'not sent'> {
    await spaceChat(call.chatId);
    await slot();
    lastToChat.set(call.chatId, Date.now());
    try {
      const result = await options.api.call(call.method as BotApiMethod, call.params as never);
      const messageId = (result as { message_id?: unknown } | null)?.message_id;
      await markSent(options.db, call.id, options.now(), typeof messageId === 'number' ? messageId : null);
      if (options.onSent) await options.onSent(call, result);
      return 'sent';
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      const now = options.now();
      if (error.status === 429) {
        const waitMs = Math.max(1, error.retryAfterS ?? 1) * 1000;
        pausedUntil = Math.max(pausedUntil, Date.now() + waitMs);
        await retryLater(options.db, call.id, new Date(now.getTime() + waitMs), error.message);
        options.log.warn({ call: call.id, retryAfterS: error.retryAfterS }, 'telegram: rate limited, waiting');
      } else if (error.blocked) {
        await markFailed(options.db, call.id, now, error.message);
        const chatId = Number(call.chatId);
        if (Number.isSafeInteger(chatId)) await deleteLinkByChat(options.db, chatId);
        await failPendingToChat(options.db, call.chatId, now, 'chat blocked the bot');
        options.log.info({ call: call.id, user: call.userId }, 'telegram: the user blocked the bot; unlinked');
        return 'blocked';
      } else if (error.method === 'editMessageCaption' && /not modified/.test(error.message)) {
        await markSent(options.db, call.id, now, null);
      } else if (error.retryable && call.attempts < MAX_ATTEMPTS) {
        const backoffMs = Math.min(2 ** call.attempts * 1000, 10 * 60_000);
        await retryLater(options.db, call.id, new Date(now.getTime() + backoffMs), error.message);
        options.log.warn({ call: call.id, status: error.status, attempts: call.attempts }, 'telegram: send failed, will retry');
      } else {
        await markFailed(options.db, call.id, now, error.message);
        options.log.warn({ call: call.id, status: error.status, err: error.message }, 'telegram: send refused');
      }
      return 'not sent';
    }
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const leased = await leaseOutbox(options.db, options.now(), LEASE_MS, BATCH);
      if (leased.length === 0) return sent;
      // Each chat's calls in order, one chat per lane, several lanes at once.
      const byChat = new Map<string, LeasedCall[]>();
      for (const call of leased) byChat.set(call.chatId, [...(byChat.get(call.chatId) ?? []), call]);
      const lanes = [...byChat.values()];
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL_CHATS, lanes.length) }, async () => {
          for (let lane = lanes.shift(); lane; lane = lanes.shift()) {
            let blocked = false;
            for (const call of lane) {
              // The rest of a blocked chat's calls are not tried.
              if (blocked) await markFailed(options.db, call.id, options.now(), 'chat blocked the bot');
              else {
                const outcome = await sendOne(call);
                if (outcome === 'sent') sent++;
                blocked = outcome === 'blocked';
              }
            }
          }
        }),
      );
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function kick(): void {
    void drain().catch((error: unknown) => options.log.warn({ err: (error as Error).message }, 'telegram: queue drain failed'));
  }

  async function poll(): Promise<void> {
    if (stopped) return;
    try {
      const due = await nextDueAt(options.db);
      if (due && due.getTime() <= options.now().getTime()) kick();
    } catch (error) {
      options.log.warn({ err: (error as Error).message }, 'telegram: queue not read');
    }
  }

  return {
    async enqueue(call, db = options.db) {
      return insertOutbox(
        db as Db,
        {
          kind: call.kind,
          method: call.method,
          chatId: String((call.params as { chat_id?: unknown }).chat_id ?? ''),
          userId: call.userId,
          params: call.params as unknown as Record<string, unknown>,
          dedupeKey: call.dedupeKey,
        },
        options.now(),
      );
    },
    kick,
    drain,
    async settle() {
      while (running) await running.catch(() => undefined);
    },
    start() {
      stopped = false;
      kick();
      timer = setInterval(() => void poll(), options.pollEveryMs ?? 1000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
