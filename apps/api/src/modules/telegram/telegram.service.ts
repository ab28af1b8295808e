import { createHash, timingSafeEqual } from 'node:crypto';
import type { TTelegramLinkAnswer, TTelegramStatusAnswer } from '@betoch/contracts/telegram';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { newStartToken, hashStartToken } from './start-token.ts';
import type { UpdateProcessor } from './telegram-updates.ts';
import { deleteLinkByUser, findLinkByUser, insertStartToken, insertUpdate, type TelegramLanguage } from './telegram.repository.ts';

/** A 'Connect Telegram' link works for 10 minutes. */
export const START_TOKEN_MS = 10 * 60 * 1000;

function sameSecret(given: string, expected: string): boolean {
  // Hashes first: equal lengths for timingSafeEqual, and no length leaks through timing.
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

/** The account's side of the bot, and the webhook. Without a bot every call is 404 (status says unavailable). */
export function createTelegramService(ctx: AppContext, updates: UpdateProcessor | null) {
  const telegram = ctx.env.telegram;

  function bot() {
    if (!telegram || !updates) throw new AppError('route_not_found');
    return { telegram, updates };
  }

  return {
    /** GET /account/telegram */
    async status(user: AuthUser): Promise<TTelegramStatusAnswer> {
      if (!telegram) return { ok: true, available: false, linked: false, linked_at: null };
      const link = await findLinkByUser(ctx.db, user.id);
      return {
        ok: true,
        available: true,
        ...(telegram.inProcess ? { demo_bot: true } : {}),
        linked: Boolean(link),
        linked_at: link?.linkedAt.toISOString() ?? null,
      };
    },

    /** POST /account/telegram/link: a new one-time start link; earlier unused ones stop working. */
    async createLink(user: AuthUser, language: TelegramLanguage): Promise<TTelegramLinkAnswer> {
      const { telegram: config } = bot();
      const token = newStartToken();
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + START_TOKEN_MS);
      await ctx.db.transaction((tx) => insertStartToken(tx, hashStartToken(token), user.id, language, now, expiresAt));
      return { ok: true, url: `https://t.me/${config.username}?start=${token}`, expires_at: expiresAt.toISOString() };
    },

    /** DELETE /account/telegram: 'Disconnect'. */
    async disconnect(user: AuthUser): Promise<void> {
      bot();
      await deleteLinkByUser(ctx.db, user.id);
    },

    /**
     * POST /telegram/webhook: the secret header first (401), then the update is kept once by its
     * update_id and the answer goes at once; the work runs after, off the request path.
     */
    async receive(secretHeader: string | undefined, update: { update_id: number }): Promise<{ ok: true; duplicate: boolean }> {
      const { telegram: config, updates: processor } = bot();
      if (config.webhookSecret && (!secretHeader || !sameSecret(secretHeader, config.webhookSecret))) {
        throw new AppError('invalid_signature', 'The Telegram secret token is not valid.');
      }
      const fresh = await insertUpdate(ctx.db, update.update_id, update, ctx.now());
      if (fresh) processor.kick();
      return { ok: true, duplicate: !fresh };
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
