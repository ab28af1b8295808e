import { Redis } from 'ioredis';

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
