import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { RedisKvStore } from '../../src/lib/redis-kv-store.ts';
import { RedisEventBus } from '../../src/modules/realtime/redis-event-bus.ts';
import { openStream } from '../conversations/sse-client.ts';
import { migratedDataDir } from '../support/migrated-data-dir.ts';
import { REDIS_URL, redisTestsRun } from '../support/redis.ts';
import { silenceableRedis, silentRedis, type SilentRedis } from '../support/silent-redis.ts';
import { ApiClient, freePort, ipFor, phoneFor, startReady, startServer, stopServer, type ServerProcess } from './server-process.ts';

/**
 * A Redis that accepts connections and never answers (a stopped process, or another service on
 * its port): every command fails within a few seconds instead of waiting for ever, closing drops
 * the connections after half a second, a starting server refuses to start naming REDIS_URL, and a
 * running server whose Redis goes silent still shuts down within its window and exits 0.
 */
const silent: SilentRedis[] = [];
const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s, 5000)));
  await Promise.all(silent.map((s) => s.close()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function aSilentRedis(): Promise<SilentRedis> {
  const s = await silentRedis();
  silent.push(s);
  return s;
}

const elapsed = async (work: () => Promise<unknown>): Promise<{ ms: number; error?: Error }> => {
  const started = Date.now();
  try {
    await work();
    return { ms: Date.now() - started };
  } catch (error) {
    return { ms: Date.now() - started, error: error as Error };
  }
};

describe('Redis connections against a Redis that never answers', () => {
  it('a command fails within about 3 s, and closing takes at most about half a second', async () => {
    const redis = await aSilentRedis();
    const kv = new RedisKvStore(redis.url, 'silent:');
    const command = await elapsed(() => kv.increment('otp:+251911000000', 60));
    expect(command.error?.message).toMatch(/timed out/i);
    expect(command.ms).toBeGreaterThanOrEqual(2500);
    expect(command.ms).toBeLessThan(6000);
    // A command still waiting when the store closes (QUIT then waits behind it).
    const pending = kv.ttl('otp:+251911000001').catch((error: Error) => error);
    const closing = await elapsed(() => kv.close());
    expect(closing.error).toBeUndefined();
    expect(closing.ms).toBeLessThan(2000);
    expect(await pending).toBeInstanceOf(Error);
    expect(redis.accepted()).toBeGreaterThanOrEqual(1);
  });

  it("the event bus's two connections close within about half a second, with a subscription pending", async () => {
    const redis = await aSilentRedis();
    const bus = new RedisEventBus(redis.url, 'silent:');
    const subscribing = bus.subscribe('user-1', () => undefined).catch((error: Error) => error);
    const publishing = bus.publish('user-1', { type: 'revoked', data: {} }).catch((error: Error) => error);
    const closing = await elapsed(() => bus.close());
    expect(closing.error).toBeUndefined();
    expect(closing.ms).toBeLessThan(2000);
    expect(await subscribing).toBeInstanceOf(Error);
    expect(await publishing).toBeInstanceOf(Error);
  });

  it('building the server refuses within about 10 s, naming REDIS_URL and hiding its password', async () => {
    const redis = await aSilentRedis();
    const url = redis.url.replace('redis://', 'redis://:s3cret-pass@');
    const env = loadEnv({ APP_MODE: 'demo', SEED_DEMO: 'false', REDIS_URL: url, DATA_DIR: '/nonexistent-data-dir', WEB_DIST: '/nonexistent-web-dist' });
    const build = await elapsed(() => buildApp(env, { logger: false }));
    expect(build.error?.message).toMatch(/^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/? \(REDIS_URL\) did not answer PING within 10 s/);
    expect(build.error?.message).not.toContain('s3cret-pass');
    expect(build.ms).toBeGreaterThanOrEqual(9000);
    expect(build.ms).toBeLessThan(15_000);
    // Refused before the database was opened: the data folder was never created.
    expect(fs.existsSync('/nonexistent-data-dir')).toBe(false);
  }, 30_000);
});

// The server processes: the PGlite run only (they test the process, not the database).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the server process with a Redis that never answers', () => {
  it('refuses to start: exits non-zero with the message, never listening', async () => {
    const redis = await aSilentRedis();
    const dataDir = path.join(os.tmpdir(), `betoch-silent-never-${randomUUID()}`);
    const server = startServer(await freePort(), { REDIS_URL: redis.url, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    servers.push(server);
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(/Betoch failed to start: Redis at redis:\/\/127\.0\.0\.1:\d+\/? \(REDIS_URL\) did not answer PING within 10 s/);
    expect(server.output()).not.toMatch(/Betoch is serving/);
    expect(redis.accepted()).toBeGreaterThanOrEqual(1);
    // Refused before the embedded database was opened.
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 180_000);
});

const withRedis = !process.env.TEST_DATABASE_URL && (await redisTestsRun('silent-redis.test.ts'));

describe.skipIf(!withRedis)('a running server whose Redis goes silent', () => {
  it('answers the call in flight, ends the stream and exits 0 within its shutdown window on SIGTERM', async () => {
    const relay = await silenceableRedis(REDIS_URL);
    const dir = migratedDataDir('betoch-silent-redis-');
    dirs.push(dir);
    const server = await startReady({ DATA_DIR: dir, REDIS_URL: relay.url, REDIS_KEY_PREFIX: `betoch-silent:${randomUUID()}:`, LOG_LEVEL: 'info' }, servers);
    try {
      const user = new ApiClient(server.base, ipFor(7001));
      await user.signUp(phoneFor(server.port % 97, 1), 'tenant');
      const ticket = await user.expectOk('POST', '/api/realtime/ticket');
      const stream = await openStream(server.base, `?ticket=${encodeURIComponent(ticket.ticket as string)}`);
      expect(stream.status).toBe(200);

      relay.silence();
      // A call that needs Redis (the code limits), sent after Redis went silent.
      const inFlight = user.call('POST', '/api/auth/request-otp', { phone: phoneFor(server.port % 97, 2) }).then(
        (answer) => ({ answer }),
        (error: Error) => ({ error }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      const exit = await server.exited;

      // The call in flight (its Redis command fails after 3 s), then half a second per Redis
      // connection's unanswered QUIT: done inside the 15 s after which the server gives up, says
      // 'shutdown took too long' and exits 1 (what it did before: it waited for ever on QUIT, and
      // for the answered call's keep-alive connection). Judged by the server's own clock: on a
      // loaded machine the signal itself may wait seconds before the process runs.
      expect(exit, server.output().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(server.output()).not.toMatch(/shutdown took too long/);
      const call = await inFlight;
      // Answered (its Redis command failed), not dropped with the connection.
      expect('answer' in call ? call.answer.status : call.error.message).toBeGreaterThanOrEqual(200);
      await stream.ended;
    } finally {
      await relay.close();
    }
  }, 240_000);
});
