import type { FastifyInstance } from 'fastify';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import { coarseDevice } from '../account/coarse-device.ts';
import type { TelegramSignIn } from './telegram-sign-in.service.ts';
import type { TelegramService } from './telegram.service.ts';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

export function telegramRoutes(app: FastifyInstance, ctx: AppContext, service: TelegramService, signIn: TelegramSignIn): void {
  const tags = ['telegram'];

  route(app, ctx, {
    ...telegramCalls.getTelegram,
    summary: "Whether a Telegram bot is set up here, and whether the viewer's account is linked to it",
    tags,
    auth: 'user',
    handler: ({ user }) => service.status(user),
  });

  route(app, ctx, {
    ...telegramCalls.createTelegramLink,
    summary: "'Connect Telegram': a one-time link that opens the bot (single use, 10 minutes, this account only)",
    tags,
    auth: 'user',
    errors: [404],
    handler: ({ user, body }) => service.createLink(user, body.language),
  });

  route(app, ctx, {
    ...telegramCalls.disconnectTelegram,
    summary: "'Disconnect': the account's Telegram chat unlinked",
    tags,
    auth: 'user',
    errors: [404],
    handler: async ({ user }) => {
      await service.disconnect(user);
      return { ok: true as const };
    },
  });

  route(app, ctx, {
    ...telegramCalls.signIn,
    summary: "'Continue with Telegram': the Login Widget's signed data or an OpenID Connect ID token; a verified phone signs in (or starts signup), no SMS",
    tags,
    auth: 'none',
    errors: [401, 403, 404],
    handler: ({ body, req }) => signIn.signIn(body, coarseDevice(req.headers['user-agent'])),
  });

  route(app, ctx, {
    ...telegramCalls.webhook,
    summary: `Telegram's updates (setWebhook), with the secret token in ${TELEGRAM_SECRET_HEADER}; each update_id is processed once, after the answer`,
    tags,
    auth: 'none',
    errors: [401, 404],
    handler: ({ req, body }) => {
      const header = req.headers[TELEGRAM_SECRET_HEADER];
      return service.receive(typeof header === 'string' ? header : undefined, body);
    },
  });
}
