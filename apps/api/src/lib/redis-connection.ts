import { Redis, type RedisOptions } from 'ioredis';

/**
 * Every Redis command is answered or fails within this long. A Redis that accepts connections but
 * never answers (a stopped process, a wrong service on the port) would otherwise keep each command,
 * and each QUIT at shutdown, waiting for ever: the TCP connection itself is fine.
 */
const REDIS_COMMAND_TIMEOUT_MS = 3000;
/** How long closing waits for Redis to answer QUIT before it drops the connection (a live one answers in a millisecond). */
const QUIT_WAIT_MS = 500;

/** A connection to REDIS_URL with the limits above (and a 3 s limit on connecting). */
export function openRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { connectTimeout: 3000, commandTimeout: REDIS_COMMAND_TIMEOUT_MS, lazyConnect: false, ...options });
}

/** QUIT, waiting at most half a second for the answer; then the connection is dropped either way. */
export async function closeRedis(connection: Redis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    connection.quit().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, QUIT_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  connection.disconnect();
}

/** REDIS_URL without its password, for messages. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * At start: PING until Redis answers, for at most `withinMs`; then a clear refusal naming REDIS_URL
 * and the last error, rather than a server that listens and then hangs on every limit and stream.
 */
export async function waitForRedis(ping: () => Promise<unknown>, url: string, withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  let last: string;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer')), Math.max(1, until - Date.now()));
        }),
      ]);
      return;
    } catch (error) {
      last = (error as Error).message;
    } finally {
      clearTimeout(timer);
    }
    if (Date.now() >= until) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(0, until - Date.now()))));
  }
  throw new Error(
    `Redis at ${redisAddress(url)} (REDIS_URL) did not answer PING within ${Math.round(withinMs / 1000)} s (${last}). ` +
      'Start Redis or correct REDIS_URL; a server that accepts connections but never answers counts as not answering.',
  );
}
