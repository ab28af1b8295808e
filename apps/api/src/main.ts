import { EnvError, loadEnv } from './config/env.ts';
import { buildApp } from './app.ts';
import { writeServerPid } from './cli/server-pid-file.ts';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const { app } = await buildApp(env);
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
      process.exit(1);
    }, 15_000);
    force.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
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
