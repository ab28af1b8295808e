import pino from 'pino';
import { EXIT_BAD_ENV, loadEnvOrSay } from './cli/cli-start.ts';
import { buildApp } from './app.ts';
import { writeServerPid } from './cli/server-pid-file.ts';

/** scripts/start.mjs passes it: the web app is being built beside this start (webBuiltByParent). */
const WEB_BUILD_FLAG = '--web-being-built';

/** At most this long after SIGTERM, the port stays open for connections whose request has not arrived. */
const SETTLE_MAX_MS = 5000;

/**
 * The log, written to stdout off the request path: lines wait in memory while a write is under
 * way and go out together in the next one. Written one by one as they came (pino's default), each
 * line was a write call the next request waited for, a tenth of a page's time on the server's one
 * core, and on a busy disk or a full pipe one call held every request for tens of milliseconds.
 * What is still waiting is written before the process exits.
 */
const log = pino.destination({ dest: 1, sync: false });
let ending = false;
/** What the server logs through: a line logged once the log is ending (at exit) is dropped, not thrown. */
const logStream = {
  write(line: string) {
    if (!ending) log.write(line);
  },
};
process.on('exit', () => {
  if (ending) return;
  try {
    log.flushSync();
  } catch {
    // a write is under way
  }
});

/** Exits once the log's waiting lines are written, in order (at most a second later). */
function exitAfterLog(code: number): void {
  setTimeout(() => process.exit(code), 1000);
  if (ending) return;
  ending = true;
  log.once('close', () => process.exit(code));
  log.end();
}

/**
 * Under `npm start` (scripts/start.mjs, which passes WEB_BUILD_FLAG) the web app is built while this
 * process opens its database: the start script says on the IPC channel when the build is whole
 * ({ webBuild: 'done' }) or failed. Otherwise the build is already there.
 */
function webBuiltByParent(): Promise<void> | undefined {
  if (!process.argv.includes(WEB_BUILD_FLAG) || !process.send) return undefined;
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const word = (message as { webBuild?: unknown } | null)?.webBuild;
      if (word !== 'done' && word !== 'failed') return;
      process.off('message', onMessage);
      process.channel?.unref();
      if (word === 'done') resolve();
      else reject(new Error('the web app did not build (its errors are above)'));
    };
    process.on('message', onMessage);
  });
}

async function main(): Promise<void> {
  const env = loadEnvOrSay();
  if (!env) process.exit(EXIT_BAD_ENV);
  const webBuilt = webBuiltByParent();
  // A failed build is answered where the pages wait for it (buildApp), not as an unhandled rejection before.
  webBuilt?.catch(() => undefined);
  const { app, shutdown: gate } = await buildApp(env, { logStream, ...(webBuilt ? { webBuilt } : {}) });
  // The embedded database takes one process at a time; command-line tasks look for this file.
  const removePidFile = env.databaseUrl ? () => undefined : writeServerPid(env.dataDir);
  app.addHook('onClose', async () => removePidFile());
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing calls in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      exitAfterLog(1);
    }, 15_000);
    force.unref();
    // New requests are answered 503 shutting_down from now on. The port stays open until every
    // connection already accepted has sent its request: closing it resets the connections still
    // in the kernel's queue, and app.close() drops those whose request has not arrived, so the
    // client could not tell what happened. Readiness checks fail meanwhile: a load balancer stops.
    gate.begin();
    gate
      .settled(SETTLE_MAX_MS)
      .then(() => app.close())
      .then(() => exitAfterLog(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        exitAfterLog(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: env.port, host: env.host });
  app.log.info(`Betoch is serving at http://localhost:${env.port} (${env.mode} mode, ${env.databaseUrl ? 'PostgreSQL' : 'embedded database'})`);
}

main().catch((error: unknown) => {
  console.error('Betoch failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
