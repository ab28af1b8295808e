import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { Env } from './config/env.ts';
import type { AppContext } from './app-context.ts';
import { embeddedDatabaseExists, openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createDomainEvents } from './lib/domain-events.ts';
import { MemoryKvStore, type KvStore } from './lib/kv-store.ts';
import { RedisKvStore } from './lib/redis-kv-store.ts';
import { waitForRedis } from './lib/redis-connection.ts';
import { deriveKey, resolveSigningSecret } from './lib/secrets.ts';
import { bodyGuard } from './plugins/body-guard.ts';
import { errorHandler, frameworkErrorHandler } from './plugins/error-handler.ts';
import { openApiRoutes } from './plugins/openapi.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { shutdownGate, type ShutdownGate } from './plugins/shutdown-gate.ts';
import { webApp } from './plugins/web-app.ts';
import { telegramLoginMode } from './modules/telegram/telegram.routes.ts';
import { RequestLog } from './plugins/request-log.ts';
import { isPageRead } from './plugins/server-render.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { requireAdmin } from './modules/auth/access.ts';
import { authDemoRoutes } from './modules/auth/auth-demo.routes.ts';
import { ConsoleSmsSender } from './modules/auth/sms/console-sms-sender.ts';
import { HttpSmsSender } from './modules/auth/sms/http-sms-sender.ts';
import type { SmsSender } from './modules/auth/sms/sms-sender.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { authenticate } from './modules/auth/authenticate.ts';
import { healthRoutes } from './modules/ops-metrics/health.routes.ts';
import { reconcilePayments } from './modules/payments/reconcile.ts';
import { setUpPayments } from './modules/payments/payments.setup.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { listingsRoutes } from './modules/listings/listings.routes.ts';
import { sitemapRoutes } from './modules/listings/sitemap.routes.ts';
import { createListingsService } from './modules/listings/listings.service.ts';
import { createListingsReadService } from './modules/listings/listings-read.service.ts';
import { setUpUploads } from './modules/uploads/uploads.setup.ts';
import { refuseDemoMarket, seedDemoIfEmpty } from './modules/demo-seed/seed-demo.ts';
import { drawDemoPhotosAhead } from './modules/demo-seed/demo-photos.ts';
import { keepOnlyListedAdmins } from './modules/users/user-rows.ts';
import { photoOrigin } from './modules/uploads/create-photo-storage.ts';
import { maskStoredText } from './modules/listings/stored-text-masking.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { refundsRoutes } from './modules/refunds/refunds.routes.ts';
import { approveClaimsOnListingLeftMarket, createRefundsService } from './modules/refunds/refunds.service.ts';
import { unqueueOnListingLeftMarket } from './modules/saved-searches/alert-matcher.ts';
import { takeDownOnListingLeftMarket } from './modules/telegram/telegram-channel.ts';
import { notifySaversOnListingLeftMarket } from './modules/favourites/saved-listing-gone.ts';
import { tellUnreadCounts } from './modules/saved-searches/unread-count-event.ts';
import { unlocksRoutes } from './modules/unlocks/unlocks.routes.ts';
import { createUnlocksService } from './modules/unlocks/unlocks.service.ts';
import { setUpConversations } from './modules/conversations/conversations.setup.ts';
import { createOpsMetrics } from './modules/ops-metrics/ops-metrics.ts';
import { countedSmsSender } from './modules/auth/sms/counted-sms-sender.ts';
import { opsMetricsRoutes } from './modules/ops-metrics/metrics.routes.ts';
import { createEventBus, setUpRealtime, tokensChangedVia } from './modules/realtime/realtime.setup.ts';
import { setUpSavedSearches, type SavedSearchesSetUp } from './modules/saved-searches/saved-searches.setup.ts';
import { adjustmentsRoutes } from './modules/adjustments/adjustments.routes.ts';
import { createAdjustmentsService } from './modules/adjustments/adjustments.service.ts';
import { adminPaymentsRoutes } from './modules/admin-payments/admin-payments.routes.ts';
import { createAdminPaymentsService } from './modules/admin-payments/admin-payments.service.ts';
import { adminPurchasesRoutes } from './modules/admin-payments/admin-purchases.routes.ts';
import { createAdminPurchasesService } from './modules/admin-payments/admin-purchases.service.ts';
import { duplicatesRoutes } from './modules/duplicates/duplicates.routes.ts';
import { createDuplicatesService } from './modules/duplicates/duplicates.service.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createMetricsService } from './modules/metrics/metrics.service.ts';
import { createFreshnessService } from './modules/freshness/freshness.service.ts';
import { freshnessRoutes } from './modules/freshness/freshness.routes.ts';
import { freshnessDemoRoutes } from './modules/freshness/freshness-demo.routes.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { periodicJobs } from './jobs/periodic-jobs.ts';
import { favouritesRoutes } from './modules/favourites/favourites.routes.ts';
import { createFavouritesService } from './modules/favourites/favourites.service.ts';
import { fairPriceRoutes } from './modules/fair-price/fair-price.routes.ts';
import { createFairPriceService } from './modules/fair-price/fair-price.service.ts';
import { refreshAllBands } from './modules/fair-price/price-bands.repository.ts';
import { sweepRetention } from './modules/retention/retention.service.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService, type AccountService } from './modules/account/account.service.ts';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service.ts';
import { setUpTelegram, type TelegramSetUp } from './modules/telegram/telegram.setup.ts';
import { createLoginTickets } from './modules/auth/login-tickets.ts';
import { setUpFayda } from './modules/fayda/fayda.setup.ts';

/** How long a starting server waits for Redis (REDIS_URL) to answer before it refuses to start. */
const REDIS_START_WAIT_MS = 10_000;

export interface BuildOptions {
  /** An already open database (tests); otherwise opened from env. */
  database?: Database;
  kv?: KvStore;
  sms?: SmsSender;
  now?: () => Date;
  /** Tests turn request logging off. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /**
   * Settles when the web app's build in WEB_DIST is whole: `npm start` builds it while the server
   * opens its database (scripts/start.mjs). The pages are set up after it; everything before waits for nothing.
   */
  webBuilt?: Promise<void>;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Answers every request not yet started with 503 shutting_down (call before app.close()). */
  shutdown: ShutdownGate;
  /** The periodic jobs of this process (started when it listens). */
  jobs: JobRunner;
  /** Saved-search alerts: the matcher and the SMS digest (tests run them with the test clock). */
  alerts: Pick<SavedSearchesSetUp, 'matcher' | 'digest'>;
  /** Export and deletion of accounts (tests wait for exports with settle and run the sweep). */
  account: Pick<AccountService, 'settle' | 'sweep'>;
  /** Telegram's send queue and update processor (null without a bot; tests drain them). */
  telegram: Pick<TelegramSetUp, 'queue' | 'updates' | 'channel'>;
}

export async function buildApp(env: Env, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.logLevel,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.code', '*.token'],
              censor: '[redacted]',
            },
            hooks: {
              // A phone that leaves a page mid-download closes the stream ('premature close'):
              // ordinary on 3G, so it is debug noise, not an error.
              logMethod(args, method, level) {
                const first: unknown = args[0];
                if (level >= 50 && first instanceof Error && first.message === 'premature close') {
                  this.debug({ aborted: true }, 'client closed the connection early');
                  return;
                }
                return method.apply(this, args);
              },
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: env.bodyLimitBytes,
    trustProxy: env.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // One line per request; a drawn page's own reads of the API are logged as the page's request.
    logController: new RequestLog(isPageRead),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(env.mode === 'production'),
    // The shutdown gate answers requests that arrive while closing, in the error envelope.
    return503OnClosing: false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    return payload;
  });

  // With REDIS_URL, Redis must answer before anything else starts: a server that listened without
  // it would hang on every limit, cooldown and stream (and a Redis that accepts connections but
  // never answers would look connected). The start is refused, naming REDIS_URL.
  const kv = options.kv ?? (env.redisUrl ? new RedisKvStore(env.redisUrl, env.redisKeyPrefix, app.log) : new MemoryKvStore());
  if (!options.kv && kv instanceof RedisKvStore && env.redisUrl) {
    await waitForRedis(() => kv.ping(), env.redisUrl, REDIS_START_WAIT_MS).catch(async (error: unknown) => {
      await kv.close();
      throw error;
    });
  }
  // A first start's demo photos are drawn while the database opens (they need none).
  const demoPhotos = drawDemoPhotosAhead(env, !options.database && !env.databaseUrl && !embeddedDatabaseExists(env.dataDir));
  const database = options.database ?? (await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir }));
  const applied = await migrate(database);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (env.mode !== 'demo') {
    // Outside demo mode no demo data is served, and the admins are exactly ADMIN_PHONES.
    await refuseDemoMarket(database);
    const revoked = await keepOnlyListedAdmins(database.db, [...env.adminPhones]);
    if (revoked.length) app.log.warn({ revoked: revoked.length }, 'admin role removed from accounts not in ADMIN_PHONES');
  }

  const now = options.now ?? (() => new Date());
  const secret = await resolveSigningSecret(database.db, env.jwtSecret);
  const opsMetrics = createOpsMetrics(app, database);
  const smsSender = options.sms ?? (env.sms ? new HttpSmsSender(env.sms) : new ConsoleSmsSender(app.log));
  const sms = countedSmsSender(smsSender, opsMetrics);

  const bus = createEventBus(env, app.log);
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    kv,
    sms,
    tokens: createTokenService(deriveKey(secret, 'jwt'), now),
    authenticate: (req) => authenticate(ctx, req),
    requireAdmin,
    tokensChanged: tokensChangedVia(bus, app.log),
    events: createDomainEvents(),
    metrics: opsMetrics,
    log: app.log,
    now,
  };
  // Who acts on what another module did (lib/domain-events.ts), before any route or job runs, in
  // this order, each in the publisher's transaction: refunds approve the claims waiting on the
  // listing; alerts stop matching it; Telegram takes its channel post down and drops its waiting
  // alerts; favourites tell those who saved it (the bell), and push their count once it committed.
  ctx.events.on('listingLeftMarket', approveClaimsOnListingLeftMarket);
  ctx.events.on('listingLeftMarket', unqueueOnListingLeftMarket);
  ctx.events.on('listingLeftMarket', takeDownOnListingLeftMarket);
  ctx.events.on(
    'listingLeftMarket',
    notifySaversOnListingLeftMarket(ctx, (userIds) => tellUnreadCounts(ctx, bus, userIds)),
  );

  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  securityHeaders(app, env.mode === 'production', photoOrigin(env));
  errorHandler(app);
  const shutdown = shutdownGate(app);
  bodyGuard(app);

  const banKey = deriveKey(secret, 'phone-ban');
  const telegramTickets = createLoginTickets(kv, deriveKey(secret, 'telegram-ticket'), now);
  const auth = createAuthService(ctx, deriveKey(secret, 'otp'), banKey, telegramTickets);
  authRoutes(app, ctx, auth);
  authDemoRoutes(app, ctx, auth);
  const payments = await setUpPayments(app, ctx);
  adminPurchasesRoutes(app, ctx, createAdminPurchasesService(ctx, payments.confirmer));
  walletRoutes(app, ctx, createWalletService(ctx, payments.provider));
  const uploads = await setUpUploads(app, ctx);
  healthRoutes(app, ctx, { ...(kv instanceof RedisKvStore ? { redis: () => kv.ping() } : {}), storage: () => uploads.storage.check() });
  // Trust and safety: POST /reports and every /admin call.
  const duplicates = createDuplicatesService(ctx, uploads.urlFor);
  const metrics = createMetricsService(ctx);
  reportsRoutes(app, ctx, createReportsService(ctx));
  moderationRoutes(app, ctx, createModerationService(ctx));
  duplicatesRoutes(app, ctx, duplicates);
  adminPaymentsRoutes(app, ctx, createAdminPaymentsService(ctx));
  adjustmentsRoutes(app, ctx, createAdjustmentsService(ctx));
  metricsRoutes(app, ctx, metrics);
  // Telegram (docs/telegram.md): off without TELEGRAM_BOT_TOKEN; its buttons answer freshness questions.
  const telegram = setUpTelegram(app, ctx, {
    secret,
    auth,
    tickets: telegramTickets,
    urlFor: uploads.urlFor,
    answerFreshness: (token, choice) => freshness.answerLink(token, choice),
  });
  const notifier = telegram.notifier;
  const savedSearches = setUpSavedSearches(app, ctx, bus, notifier ? (userIds) => notifier.newMatches(userIds, uploads.urlFor) : undefined);
  const listings = createListingsService(ctx, uploads.urlFor, async (listingId) => {
    await duplicates.afterPublish(listingId);
    // The channel post is queued after the answer; the channel's job catches any a crash missed.
    if (telegram.channel)
      void telegram.channel
        .afterPublish(listingId)
        .catch((error: unknown) => app.log.warn({ err: (error as Error).message }, 'telegram: channel post not queued'));
    // The listing is queued (a trigger, in the publish transaction); matching runs after the answer.
    savedSearches.matcher.kick();
  });
  const listingsRead = createListingsReadService(ctx, uploads.urlFor);
  listingsRoutes(app, ctx, listings, listingsRead);
  const freshness = createFreshnessService(ctx, notifier?.freshnessQuestion);
  freshnessRoutes(app, ctx, freshness);
  // The demo's SMS inbox is the console sender itself (ctx.sms counts its sends for /metrics).
  freshnessDemoRoutes(app, ctx, freshness, smsSender instanceof ConsoleSmsSender ? smsSender : null);
  sitemapRoutes(app, ctx);
  const favourites = createFavouritesService(ctx);
  favouritesRoutes(app, ctx, favourites);
  const fairPrice = createFairPriceService(ctx, { publicListing: listingsRead.publicListing });
  fairPriceRoutes(app, ctx, fairPrice);
  const unlocks = createUnlocksService(ctx, uploads.urlFor);
  unlocksRoutes(app, ctx, unlocks);
  const account = createAccountService(ctx, {
    auth,
    storage: uploads.storage,
    banKey,
    sources: { listings, unlocks, favourites, savedSearches: createSavedSearchesService(ctx), urlFor: uploads.urlFor },
  });
  accountRoutes(app, ctx, account);
  app.addHook('preClose', async () => account.settle());
  refundsRoutes(app, ctx, createRefundsService(ctx));
  await setUpFayda(app, ctx, secret);
  // The realtime stream: conversations and the notifications (saved searches, favourites) publish on the bus, and a
  // new stream starts with the unread counts of both.
  const hub = setUpRealtime(app, ctx, bus, async (userId) => [...(await conversations.firstEvents(userId)), ...(await savedSearches.firstEvents(userId))]);
  const conversations = setUpConversations(app, ctx, uploads.urlFor, bus, notifier ? (message) => notifier.conversationMessage(message) : undefined);
  opsMetrics.watchStreams(() => hub.size);
  opsMetricsRoutes(app, ctx);
  if (env.seedDemo) {
    await seedDemoIfEmpty(ctx, {
      photos: demoPhotos,
      uploads: uploads.service,
      urlFor: uploads.urlFor,
      bus,
      exports: account,
      telegramAsk: notifier?.freshnessQuestion,
    });
  }
  const masked = await maskStoredText(ctx.db);
  if (masked.listings || masked.messages) app.log.info(masked, 'stored text masked');
  // Periodic jobs run in listening servers only (tests that inject call them directly).
  const jobs = createJobRunner({
    db: database.db,
    jobs: periodicJobs({
      uploads: uploads.service,
      auth,
      metrics,
      freshness,
      reconcilePayments: payments.provider.checkout ? () => reconcilePayments(ctx, payments.confirmer) : undefined,
      savedSearchMatch: () => savedSearches.matcher.run(),
      smsDigest: (at) => savedSearches.digest.run(at),
      refreshPriceBands: (at) => refreshAllBands(database.db, at),
      retention: (at) => sweepRetention(database.db, at),
      accountExports: (at) => account.sweep(at),
      log: app.log,
    }).concat(telegram.jobs),
    now,
    log: app.log,
    checkEveryMs: env.jobCheckEveryMs,
    onRun: (job, ok, seconds) => opsMetrics.jobRun(job, ok, seconds),
  });
  app.addHook('onListen', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  openApiRoutes(app, ctx);
  await options.webBuilt;
  await webApp(app, env.webDist, {
    browse: listingsRead.browse,
    listing: (id) => listingsRead.detailAnswer(null, id),
    fairPriceHint: (id) => fairPrice.hintFor(id),
    version: listingsRead.version,
    telegramLogin: telegramLoginMode(env.telegram),
  });

  app.addHook('onClose', async () => {
    await kv.close();
    if (!options.database) await database.close();
  });
  return { app, ctx, shutdown, jobs, alerts: { matcher: savedSearches.matcher, digest: savedSearches.digest }, account, telegram };
}
