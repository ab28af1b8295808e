import { Redis } from 'ioredis';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { openTestDatabase, RecordingSmsSender } from './test-app.ts';

/** The Redis the tests use: TEST_REDIS_URL (CI sets it), else the local default. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Whether the Redis tests run: always with TEST_REDIS_URL set (an unreachable Redis then fails the
 * run), else only when a local Redis answers (a fresh machine has none; the file says it skipped).
 */
export async function redisTestsRun(file: string): Promise<boolean> {
  const run = process.env.TEST_REDIS_URL ? true : await redisAnswers(REDIS_URL);
  if (!run) console.warn(`${file} skipped: no Redis at ${REDIS_URL} (set TEST_REDIS_URL to require it)`);
  return run;
}

/** Removes every Redis key under `prefix` (a test run's own). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/**
 * Two app processes on one test database and one Redis (keys under `prefix`), each built from the
 * environment alone, as two servers behind a load balancer would be; `close` closes both and drops
 * the database and the keys.
 */
export async function twoAppsSharingRedis(prefix: string, env: Record<string, string> = {}): Promise<{ a: BuiltApp; b: BuiltApp; close(): Promise<void> }> {
  const opened = await openTestDatabase();
  const config = loadEnv({
    NODE_ENV: 'test',
    APP_MODE: 'demo',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    REDIS_URL,
    REDIS_KEY_PREFIX: `${prefix}app:`,
    ...env,
  });
  const a = await buildApp(config, { database: opened.database, sms: new RecordingSmsSender(), logger: false });
  const b = await buildApp(config, { database: opened.database, sms: new RecordingSmsSender(), logger: false });
  await Promise.all([a.app.ready(), b.app.ready()]);
  return {
    a,
    b,
    async close() {
      await a.app.close();
      await b.app.close();
      await opened.database.close();
      await opened.drop();
      await dropRedisPrefix(prefix);
    },
  };
}
