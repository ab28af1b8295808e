import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { demoCalls } from '@betoch/contracts/routes/demo';
import type { TTelegramDemoAnswer } from '@betoch/contracts/telegram';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { InlineButton } from './bot-api-client.ts';
import type { UpdateProcessor } from './telegram-updates.ts';
import { findLinkByUser, sentToChat } from './telegram.repository.ts';
import type { TelegramService } from './telegram.service.ts';
import { demoChatId } from './demo-link.ts';

function update(chatId: number, body: Record<string, unknown>) {
  // Telegram's update ids increase; the demo's are random and far above what a test uses.
  return { update_id: 3_000_000_000 + randomInt(1_000_000_000), ...body };
}

/**
 * Demo mode with the built-in bot only (docs/telegram.md): the bot's messages to the signed-in
 * account, as the demo shows sign-in codes on screen; 'Connect' as if the person pressed Start in
 * Telegram; a tap on one of the bot's buttons, delivered to the webhook's processing as Telegram
 * delivers it.
 */
export function telegramDemoRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  parts: { service: TelegramService; updates: UpdateProcessor; answerTo: (callbackQueryId: string) => string | undefined },
): void {
  if (ctx.env.mode !== 'demo' || !ctx.env.telegram?.inProcess) return;
  const tags = ['demo'];

  async function chatOf(user: AuthUser): Promise<number> {
    const link = await findLinkByUser(ctx.db, user.id);
    if (!link) throw new AppError('not_found', 'Connect the demo bot first.');
    return link.chatId;
  }

  route(app, ctx, {
    ...demoCalls.telegram,
    summary: "Demo mode: what the built-in bot sent to the signed-in account's chat, newest first",
    tags,
    auth: 'user',
    noStore: true,
    handler: async ({ user }): Promise<TTelegramDemoAnswer> => {
      const link = await findLinkByUser(ctx.db, user.id);
      if (!link) return { ok: true, linked: false, messages: [] };
      const sent = await sentToChat(ctx.db, String(link.chatId), 30);
      return {
        ok: true,
        linked: true,
        messages: sent.map((m) => {
          const p = m.params as { text?: string; caption?: string; photo?: string; reply_markup?: { inline_keyboard?: InlineButton[][] } };
          return {
            id: m.id,
            kind: m.method === 'sendPhoto' ? ('photo' as const) : ('text' as const),
            text: p.text ?? p.caption ?? '',
            ...(p.photo ? { photo: p.photo } : {}),
            buttons: (p.reply_markup?.inline_keyboard ?? [])
              .flat()
              .map((b) => ({ text: b.text, ...('url' in b ? { url: b.url } : { callback_data: b.callback_data }) })),
            at: m.sentAt.toISOString(),
          };
        }),
      };
    },
  });

  route(app, ctx, {
    ...demoCalls.telegramConnect,
    summary: "Demo mode: 'Connect Telegram' as if the person pressed Start in the bot (the start link's /start <token>)",
    tags,
    auth: 'user',
    handler: async ({ user, body }) => {
      const link = await parts.service.createLink(user, body.language);
      const token = new URL(link.url).searchParams.get('start')!;
      const chatId = demoChatId(user.id);
      const message = {
        message_id: 1,
        date: Math.floor(ctx.now().getTime() / 1000),
        chat: { id: chatId, type: 'private' },
        from: { id: chatId, is_bot: false, first_name: 'Demo' },
        text: `/start ${token}`,
      };
      await parts.service.receive(undefined, update(chatId, { message }));
      await parts.updates.run();
      return { ok: true as const };
    },
  });

  route(app, ctx, {
    ...demoCalls.telegramPress,
    summary: "Demo mode: a tap on one of the bot's buttons in the account's chat; answers the bot's reply",
    tags,
    auth: 'user',
    errors: [404],
    handler: async ({ user, body }) => {
      const chatId = await chatOf(user);
      const id = `demo-${randomInt(1_000_000_000)}`;
      const callback = {
        id,
        from: { id: chatId, is_bot: false, first_name: 'Demo' },
        message: { message_id: 1, chat: { id: chatId, type: 'private' } },
        chat_instance: 'demo',
        data: body.callback_data,
      };
      await parts.service.receive(undefined, update(chatId, { callback_query: callback }));
      await parts.updates.run();
      return { ok: true as const, answer: parts.answerTo(id) ?? '' };
    },
  });
}
