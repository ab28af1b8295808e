/**
 * A local stand-in for the Telegram Bot API, speaking its documented shapes
 * (POST /bot<token>/<method>, JSON, answers { ok: true, result } or { ok: false, error_code,
 * description, parameters: { retry_after } }): sendMessage, sendPhoto, editMessageCaption,
 * deleteMessage, answerCallbackQuery, setWebhook. It keeps every chat's messages, checks Telegram's
 * limits (text 4096, caption 1024, callback data 64 bytes) and plays Telegram's side of a webhook
 * (updates POSTed to the registered URL with X-Telegram-Bot-Api-Secret-Token). Tests steer it:
 * 429 with retry_after, 403 (a chat that blocked the bot), 5xx. The browser journeys and the bench
 * run it as a process:
 *   node --import tsx apps/api/scripts/local-telegram-bot-api.ts   (TELEGRAM_STUB_PORT, TELEGRAM_BOT_TOKEN,
 *   and optionally TELEGRAM_WEBHOOK_URL + TELEGRAM_WEBHOOK_SECRET: the webhook as if setWebhook had run)
 * and read it over HTTP: GET /stub/messages, POST /stub/updates (deliver an update to the webhook).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface StubMessage {
  chatId: string;
  messageId: number;
  kind: 'text' | 'photo';
  text: string;
  photo?: string;
  replyMarkup?: { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> };
  deleted: boolean;
  edits: number;
  at: number;
}

export interface StubFault {
  method: string;
  status: number;
  description: string;
  retryAfterS?: number;
  /** How many calls it answers (then the method works again). */
  times: number;
}

export interface LocalTelegramBotApi {
  url: string;
  port: number;
  token: string;
  /** Every call received, in order, with its parameters. */
  calls: Array<{ method: string; params: Record<string, unknown>; at: number }>;
  messages: StubMessage[];
  answeredCallbacks: Array<{ id: string; text?: string }>;
  webhook: { url: string; secret?: string; allowedUpdates?: string[] } | null;
  /** Chats whose user blocked the bot: sends there answer 403. */
  blocked: Set<string>;
  /** The next calls of a method answer this error. */
  fail(fault: Omit<StubFault, 'times'> & { times?: number }): void;
  messagesTo(chatId: number | string): StubMessage[];
  /** Posts an update to the registered webhook as Telegram does; answers the HTTP status. */
  deliver(update: Record<string, unknown>, secret?: string | null): Promise<number>;
  /** A new update_id (increasing, as Telegram's). */
  nextUpdateId(): number;
  waitFor<T>(find: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

const LIMITS = { text: 4096, caption: 1024, callbackData: 64 };

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly retryAfterS?: number,
  ) {
    super(description);
  }
}

function checkKeyboard(markup: unknown): void {
  if (markup === undefined) return;
  const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (!Array.isArray(rows)) throw new ApiFailure(400, "Bad Request: can't parse reply keyboard markup JSON object");
  for (const row of rows as unknown[]) {
    if (!Array.isArray(row)) throw new ApiFailure(400, 'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays');
    for (const button of row as Array<Record<string, unknown>>) {
      if (typeof button.text !== 'string' || !button.text) throw new ApiFailure(400, 'Bad Request: text buttons are unallowed in the inline keyboard');
      const data = button.callback_data;
      if (typeof data === 'string' && Buffer.byteLength(data) > LIMITS.callbackData) throw new ApiFailure(400, 'Bad Request: BUTTON_DATA_INVALID');
      if (typeof data !== 'string' && typeof button.url !== 'string') throw new ApiFailure(400, 'Bad Request: can\'t find field "url"');
    }
  }
}

function chatOf(params: Record<string, unknown>): string {
  const chat = params.chat_id;
  if (typeof chat !== 'string' && typeof chat !== 'number') throw new ApiFailure(400, 'Bad Request: chat_id is empty');
  return String(chat);
}

export async function startLocalTelegramBotApi(options: { token: string; port?: number }): Promise<LocalTelegramBotApi> {
  const sockets = new Set<Socket>();
  const faults: StubFault[] = [];
  let nextMessageId = 1;
  let updateId = 100_000;

  const stub = {
    calls: [],
    messages: [],
    answeredCallbacks: [],
    webhook: null,
    blocked: new Set<string>(),
  } as Pick<LocalTelegramBotApi, 'calls' | 'messages' | 'answeredCallbacks' | 'webhook' | 'blocked'>;

  function findMessage(params: Record<string, unknown>, what: string): StubMessage {
    const chatId = chatOf(params);
    const found = stub.messages.find((m) => m.chatId === chatId && m.messageId === params.message_id && !m.deleted);
    if (!found) throw new ApiFailure(400, `Bad Request: message to ${what} not found`);
    return found;
  }

  function send(kind: StubMessage['kind'], params: Record<string, unknown>): StubMessage {
    const chatId = chatOf(params);
    if (stub.blocked.has(chatId)) throw new ApiFailure(403, 'Forbidden: bot was blocked by the user');
    checkKeyboard(params.reply_markup);
    let text: string;
    if (kind === 'text') {
      if (typeof params.text !== 'string' || !params.text.trim()) throw new ApiFailure(400, 'Bad Request: message text is empty');
      if (params.text.length > LIMITS.text) throw new ApiFailure(400, 'Bad Request: message is too long');
      text = params.text;
    } else {
      if (typeof params.photo !== 'string' || !params.photo) throw new ApiFailure(400, 'Bad Request: there is no photo in the request');
      text = typeof params.caption === 'string' ? params.caption : '';
      if (text.length > LIMITS.caption) throw new ApiFailure(400, 'Bad Request: message caption is too long');
    }
    const message: StubMessage = {
      chatId,
      messageId: nextMessageId++,
      kind,
      text,
      photo: kind === 'photo' ? (params.photo as string) : undefined,
      replyMarkup: params.reply_markup as StubMessage['replyMarkup'],
      deleted: false,
      edits: 0,
      at: Date.now(),
    };
    stub.messages.push(message);
    return message;
  }

  function asResult(m: StubMessage) {
    return {
      message_id: m.messageId,
      date: Math.floor(m.at / 1000),
      chat: { id: /^-?\d+$/.test(m.chatId) ? Number(m.chatId) : m.chatId, type: /^-?\d+$/.test(m.chatId) && !m.chatId.startsWith('-') ? 'private' : 'channel' },
      ...(m.kind === 'text' ? { text: m.text } : { caption: m.text, photo: [{ file_id: 'stub-photo', width: 640, height: 480 }] }),
    };
  }

  function perform(method: string, params: Record<string, unknown>): unknown {
    const index = faults.findIndex((f) => f.method === method);
    const fault = index >= 0 ? faults[index] : undefined;
    if (fault) {
      if (--fault.times <= 0) faults.splice(index, 1);
      throw new ApiFailure(fault.status, fault.description, fault.retryAfterS);
    }
    switch (method) {
      case 'getMe':
        return { id: Number(options.token.split(':')[0]), is_bot: true, first_name: 'Betoch', username: 'betoch_test_bot' };
      case 'sendMessage':
        return asResult(send('text', params));
      case 'sendPhoto':
        return asResult(send('photo', params));
      case 'editMessageCaption': {
        const message = findMessage(params, 'edit');
        const caption = typeof params.caption === 'string' ? params.caption : '';
        if (caption.length > LIMITS.caption) throw new ApiFailure(400, 'Bad Request: message caption is too long');
        if (caption === message.text) throw new ApiFailure(400, 'Bad Request: message is not modified');
        checkKeyboard(params.reply_markup);
        message.text = caption;
        message.replyMarkup = params.reply_markup as StubMessage['replyMarkup'];
        message.edits++;
        return asResult(message);
      }
      case 'deleteMessage':
        findMessage(params, 'delete').deleted = true;
        return true;
      case 'answerCallbackQuery':
        if (typeof params.callback_query_id !== 'string')
          throw new ApiFailure(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
        stub.answeredCallbacks.push({ id: params.callback_query_id, text: params.text as string | undefined });
        return true;
      case 'setWebhook': {
        if (typeof params.url !== 'string' || !/^https?:\/\//.test(params.url))
          throw new ApiFailure(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
        const secret = params.secret_token as string | undefined;
        if (secret !== undefined && !/^[\w-]{1,256}$/.test(secret)) throw new ApiFailure(400, 'Bad Request: secret token contains unallowed characters');
        stub.webhook = { url: params.url, secret, allowedUpdates: params.allowed_updates as string[] | undefined };
        return true;
      }
      default:
        throw new ApiFailure(404, 'Not Found: method not found');
    }
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function reply(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function deliver(update: Record<string, unknown>, secret?: string | null): Promise<number> {
    if (!stub.webhook) throw new Error('no webhook registered (setWebhook first)');
    const header = secret === null ? undefined : (secret ?? stub.webhook.secret);
    const res = await fetch(stub.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header ? { 'x-telegram-bot-api-secret-token': header } : {}) },
      body: JSON.stringify(update),
    });
    await res.arrayBuffer();
    return res.status;
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const raw = await readBody(req);
      // The stub's own view for processes that run it (browser journeys, the bench).
      if (url.pathname === '/healthz') return reply(res, 200, { ok: true });
      if (url.pathname === '/stub/messages' && req.method === 'GET') {
        const chat = url.searchParams.get('chat_id');
        return reply(res, 200, { messages: chat ? stub.messages.filter((m) => m.chatId === chat) : stub.messages, calls: stub.calls.length });
      }
      if (url.pathname === '/stub/updates' && req.method === 'POST') {
        const update = JSON.parse(raw || '{}') as Record<string, unknown>;
        update.update_id ??= ++updateId;
        return reply(res, 200, { status: await deliver(update) });
      }
      if (url.pathname === '/stub/block' && req.method === 'POST') {
        stub.blocked.add(String((JSON.parse(raw || '{}') as { chat_id?: unknown }).chat_id));
        return reply(res, 200, { ok: true });
      }
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      const [, token, method] = match ?? [];
      if (!token || !method) return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (token !== options.token) return reply(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      let params: Record<string, unknown>;
      try {
        params = raw ? (JSON.parse(raw) as Record<string, unknown>) : Object.fromEntries(url.searchParams);
      } catch {
        return reply(res, 400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" });
      }
      stub.calls.push({ method, params, at: Date.now() });
      try {
        reply(res, 200, { ok: true, result: perform(method, params) });
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        reply(res, error.status, {
          ok: false,
          error_code: error.status,
          description: error.description,
          ...(error.retryAfterS !== undefined ? { parameters: { retry_after: error.retryAfterS } } : {}),
        });
      }
    })().catch((error: unknown) => reply(res, 500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    port,
    token: options.token,
    fail(fault: Omit<StubFault, 'times'> & { times?: number }) {
      faults.push({ ...fault, times: fault.times ?? 1 });
    },
    messagesTo: (chatId: number | string) => stub.messages.filter((m) => m.chatId === String(chatId)),
    deliver,
    nextUpdateId: () => ++updateId,
    async waitFor<T>(find: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = find();
        if (found) return found;
        if (Date.now() > until) throw new Error('local Bot API: waited too long');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const token = process.env.TELEGRAM_BOT_TOKEN ?? '123456:local-telegram-stub-token-000000';
  const stub = await startLocalTelegramBotApi({ token, port: Number(process.env.TELEGRAM_STUB_PORT ?? 0) });
  if (process.env.TELEGRAM_WEBHOOK_URL) stub.webhook = { url: process.env.TELEGRAM_WEBHOOK_URL, secret: process.env.TELEGRAM_WEBHOOK_SECRET };
  process.stdout.write(`local Telegram Bot API on ${stub.url}\n`);
  const stop = () => void stub.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
