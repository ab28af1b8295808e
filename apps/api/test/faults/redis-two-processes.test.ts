import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisTestsRun } from '../support/redis.ts';
import { migratedDataDir } from '../support/migrated-data-dir.ts';
import { ApiClient, ipFor, phoneFor, startReady, stopServer, type ServerProcess } from './server-process.ts';

/**
 * The code request limits hold across two real server processes (two OS
 * processes on two ports, as behind a load balancer) that share only REDIS_URL. Each has its own
 * embedded database. Runs against TEST_REDIS_URL (CI sets it; an unreachable Redis then fails the
 * run), else a local Redis when one answers. Keys live under a prefix of their own, removed at the
 * end. Runs in the PGlite run only (the limits live in Redis, not in the database).
 */
const available = !process.env.TEST_DATABASE_URL && (await redisTestsRun('redis-two-processes.test.ts'));
const prefix = `betoch-faults:${randomUUID()}:`;

describe.skipIf(!available)('code limits shared by two server processes through Redis', () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let redis: Redis;
  let a: ServerProcess;
  let b: ServerProcess;
  let run = 0;
  let n = 0;
  const freshPhone = () => phoneFor(run, ++n);

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    const start = () => {
      const dir = migratedDataDir('betoch-redis2-');
      dirs.push(dir);
      return startReady({ DATA_DIR: dir, REDIS_URL, REDIS_KEY_PREFIX: prefix }, servers);
    };
    [a, b] = await Promise.all([start(), start()]);
    run = (a.port + b.port) % 97;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const requestOtp = (server: ServerProcess, phone: string, ip: string) => new ApiClient(server.base, ip).call('POST', '/api/auth/request-otp', { phone });

  it('are two processes with their own pids and ports', () => {
    expect(a.child.pid).not.toBe(b.child.pid);
    expect(a.port).not.toBe(b.port);
  });

  it('share the resend cooldown: a code from one process makes the other answer cooldown_active', async () => {
    const phone = freshPhone();
    expect((await requestOtp(a, phone, ipFor(9001))).status).toBe(200);
    const fromB = await requestOtp(b, phone, ipFor(9002));
    expect(fromB.status).toBe(429);
    expect(fromB.body).toMatchObject({ error: 'cooldown_active' });
    expect(fromB.body.retry_after).toBeGreaterThan(50);

    const other = freshPhone();
    expect((await requestOtp(b, other, ipFor(9003))).status).toBe(200);
    expect((await requestOtp(a, other, ipFor(9004))).body).toMatchObject({ error: 'cooldown_active' });
  });

  it('share the per-phone hourly limit: 5 codes across both processes, then both refuse that phone', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) {
      // The 60 s resend cooldown passing (only that key; the hourly count stays).
      await redis.del(`${prefix}otp:cool:${phone}`);
      const res = await requestOtp(i % 2 ? b : a, phone, ipFor(9100 + i));
      expect(res.status, `code ${i + 1}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    await redis.del(`${prefix}otp:cool:${phone}`);
    expect((await requestOtp(b, phone, ipFor(9110))).body).toMatchObject({ error: 'rate_limited' });
    await redis.del(`${prefix}otp:cool:${phone}`);
    expect((await requestOtp(a, phone, ipFor(9111))).body).toMatchObject({ error: 'rate_limited' });
    // Another phone is not affected.
    expect((await requestOtp(a, freshPhone(), ipFor(9112))).status).toBe(200);
  });

  it('share the per-IP hourly limit: 30 codes across both processes, then both refuse that address', async () => {
    const ip = ipFor(9200);
    for (let i = 0; i < 30; i++) {
      const res = await requestOtp(i % 2 ? b : a, freshPhone(), ip);
      expect(res.status, `code ${i + 1}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await requestOtp(a, freshPhone(), ip)).body).toMatchObject({ error: 'rate_limited' });
    expect((await requestOtp(b, freshPhone(), ip)).body).toMatchObject({ error: 'rate_limited' });
    expect((await requestOtp(b, freshPhone(), ipFor(9201))).status).toBe(200);
  });
});
