import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { deriveKey } from '../../lib/secrets.ts';
import { countedBotApi } from './counted-bot-api.ts';
import { createBotApi } from './bot-api-client.ts';
import type { PeriodicJob } from '../../jobs/job-runner.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import type { FreshnessChoice } from './callback-data.ts';
import { channelJob, createTelegramChannel, type TelegramChannel } from './telegram-channel.ts';
import { createTelegramNotifier, type TelegramNotifier } from './telegram-notifier.ts';
import { createTelegramQueue, type TelegramQueue } from './telegram-queue.ts';
import { createUpdateProcessor, type UpdateProcessor } from './telegram-updates.ts';
import { telegramRoutes, type TelegramLoginParts } from './telegram.routes.ts';
import { createTelegramLoginFlow } from './telegram-login-flow.ts';
import { createInProcessBotApi } from './in-process-bot-api.ts';
import { telegramDemoRoutes } from './telegram-demo.routes.ts';
import type { LoginTickets } from '../auth/login-tickets.ts';
import { createTelegramSignIn } from './telegram-sign-in.service.ts';
import { cleanUpTelegram } from './telegram-cleanup.ts';
import { createTelegramService } from './telegram.service.ts';
import type { AuthService } from '../auth/auth.service.ts';

export interface TelegramSetUp {
  /** Null without a bot: nothing is sent by Telegram. */
  notifier: TelegramNotifier | null;
  queue: TelegramQueue | null;
  updates: UpdateProcessor | null;
  /** The channel of new listings (TELEGRAM_CHANNEL_ID), or null. */
  channel: TelegramChannel | null;
  /** Periodic jobs to run with the others (the channel's clean-up). */
  jobs: PeriodicJob[];
}

export interface TelegramDeps {
  /** The signing secret (keys for the buttons' signatures are derived from it). */
  secret: string;
  /** A freshness link token answered (spends it; AppError when spent or expired). */
  answerFreshness: (token: string, choice: FreshnessChoice) => Promise<unknown>;
  urlFor: PhotoUrlFor;
  /** Sign in with Telegram: a verified phone's session. */
  auth: Pick<AuthService, 'signInVerifiedPhone'>;
  /** The tickets Telegram's sign-in hands to /login and /signup (also read by signup). */
  tickets: LoginTickets;
}

function loginParts(ctx: AppContext, deps: TelegramDeps): TelegramLoginParts {
  const signIn = createTelegramSignIn(ctx, deps.auth);
  const flow = createTelegramLoginFlow(ctx, signIn, deps.tickets, deriveKey(deps.secret, 'telegram-login-flow'));
  return { signIn, flow, tickets: deps.tickets, session: (phone, device) => deps.auth.signInVerifiedPhone(phone, device) };
}

/**
 * Telegram (docs/telegram.md): the account calls and the webhook always (status says whether a bot
 * is set up); with TELEGRAM_BOT_TOKEN, the send queue and the update processor, started when the
 * server listens.
 */
export function setUpTelegram(app: FastifyInstance, ctx: AppContext, deps: TelegramDeps): TelegramSetUp {
  const config = ctx.env.telegram;
  if (!config) {
    telegramRoutes(app, ctx, createTelegramService(ctx, null), loginParts(ctx, deps));
    return { notifier: null, queue: null, updates: null, channel: null, jobs: [] };
  }
  // Each Bot API call is counted in /metrics (betoch_outbound_calls_total{channel="telegram"}).
  // Demo mode without a token: the built-in stand-in (nothing leaves the server).
  const inProcess = config.inProcess ? createInProcessBotApi() : null;
  const api = inProcess ?? countedBotApi(createBotApi(config), ctx.metrics);
  const callbackKey = deriveKey(deps.secret, 'telegram-callback');
  let channel: TelegramChannel | null = null;
  const queue = createTelegramQueue({ db: ctx.db, api, now: ctx.now, log: ctx.log, onSent: async (call, result) => channel?.onSent(call, result) });
  channel = config.channelId ? createTelegramChannel(ctx, queue, config.channelId, deps.urlFor) : null;
  const updates = createUpdateProcessor({ db: ctx.db, api, queue, now: ctx.now, log: ctx.log, callbackKey, answerFreshness: deps.answerFreshness });
  const service = createTelegramService(ctx, updates);
  telegramRoutes(app, ctx, service, loginParts(ctx, deps));
  if (inProcess) telegramDemoRoutes(app, ctx, { service, updates, answerTo: inProcess.answerTo });
  app.addHook('onListen', async () => {
    queue.start();
    updates.kick();
  });
  app.addHook('preClose', async () => {
    await updates.settle();
    await queue.stop();
  });
  // Once a day: dead start tokens, and processed updates and finished sends older than 30 days.
  const cleanup: PeriodicJob = {
    name: 'telegram-cleanup',
    everyMs: 24 * 60 * 60 * 1000,
    leaseMs: 15 * 60 * 1000,
    run: (now) => cleanUpTelegram(ctx.db, now),
  };
  return { notifier: createTelegramNotifier(ctx, queue, callbackKey), queue, updates, channel, jobs: [cleanup, ...(channel ? [channelJob(channel)] : [])] };
}
