import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import type { TSessionAnswer } from '@betoch/contracts/auth';
import type { TTelegramOptionsAnswer } from '@betoch/contracts/telegram';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import { coarseDevice } from '../auth/coarse-device.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TelegramSignIn } from './telegram-sign-in.service.ts';
import type { FlowRedirect, TelegramLoginFlow } from './telegram-login-flow.ts';
import type { LoginTickets } from '../auth/login-tickets.ts';
import type { TelegramService } from './telegram.service.ts';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The browser goes on: a 303 that is never cached, with the flow's cookie set or cleared. */
function redirect(reply: FastifyReply, to: FlowRedirect): FastifyReply {
  for (const cookie of to.cookies) void reply.header('set-cookie', cookie);
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(to.location, 303);
}

function hostOf(req: FastifyRequest): [string | undefined, string] {
  return [req.headers.host, req.protocol];
}

export interface TelegramLoginParts {
  signIn: TelegramSignIn;
  flow: TelegramLoginFlow;
  tickets: LoginTickets;
  /** A verified phone's session (the account of a sign-in ticket). */
  session: (phone: string, device?: string) => Promise<TSessionAnswer | null>;
}

/** Whether /login and /signup offer 'Continue with Telegram': the configured way, off without a bot (or OIDC without its secret). */
export function telegramLoginMode(telegram: AppContext['env']['telegram']): TTelegramOptionsAnswer['login'] {
  return !telegram || (telegram.login === 'oidc' && !telegram.clientSecret) ? 'off' : telegram.login;
}

export function telegramRoutes(app: FastifyInstance, ctx: AppContext, service: TelegramService, login: TelegramLoginParts): void {
  const tags = ['telegram'];
  const { signIn, flow, tickets } = login;
  const loginMode = telegramLoginMode(ctx.env.telegram);

  route(app, ctx, {
    ...telegramCalls.loginOptions,
    summary: "Whether /login and /signup offer 'Continue with Telegram' (oidc, widget or off)",
    tags,
    auth: 'none',
    handler: async () => ({ ok: true as const, login: loginMode }),
  });

  route(app, ctx, {
    ...telegramCalls.loginStart,
    summary:
      "'Continue with Telegram' (a link): redirects to Telegram's login (OpenID Connect: code with PKCE, state and nonce), the flow bound to this browser by a cookie",
    tags,
    auth: 'none',
    errors: [404],
    handler: async ({ query, req, reply }) => redirect(reply, await flow.start(query, ...hostOf(req))),
  });

  route(app, ctx, {
    ...telegramCalls.loginCallback,
    summary:
      "Telegram's return: state checked, code traded (PKCE), ID token verified; redirects to /login (signed in, or why not) or /signup (the verified phone, no SMS)",
    tags,
    auth: 'none',
    errors: [404],
    handler: async ({ query, req, reply }) => redirect(reply, await flow.callback(query, req.headers.cookie, ...hostOf(req))),
  });

  route(app, ctx, {
    ...telegramCalls.loginWidget,
    summary: "The Login Widget's return (TELEGRAM_LOGIN=widget): its signed fields verified; redirects to /login",
    tags,
    auth: 'none',
    errors: [404],
    handler: async ({ query, req, reply }) => redirect(reply, await flow.widgetCallback(query, req.headers.cookie, ...hostOf(req))),
  });

  route(app, ctx, {
    ...telegramCalls.redeemTicket,
    summary: 'The session of a Telegram sign-in: /login trades the ticket the callback gave it (single use, 2 minutes)',
    tags,
    auth: 'none',
    errors: [400, 403],
    noStore: true,
    handler: async ({ body, req }) => {
      const { phone } = await tickets.spend(body.ticket, 'session');
      const session = await login.session(phone, coarseDevice(req.headers['user-agent']));
      if (!session) throw new AppError('telegram_ticket_invalid');
      return session;
    },
  });

  route(app, ctx, {
    ...telegramCalls.signupTicket,
    summary: 'The phone Telegram verified, for the signup form (the ticket is spent by POST /auth/signup, 15 minutes)',
    tags,
    auth: 'none',
    errors: [400],
    noStore: true,
    handler: async ({ body }) => {
      const { phone, expiresAt } = await tickets.peek(body.ticket, 'signup');
      return { ok: true as const, phone, expires_at: expiresAt.toISOString() };
    },
  });

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
