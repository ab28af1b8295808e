import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/app.ts';
import { RedisKvStore } from '../../src/lib/redis-kv-store.ts';
import { uniquePhone } from '../support/login.ts';
import { dropRedisPrefix, REDIS_URL, redisTestsRun, twoAppsSharingRedis } from '../support/redis.ts';

/** Runs against TEST_REDIS_URL, or a local Redis when one answers (support/redis.ts). */
const available = await redisTestsRun('redis.test.ts');

/** A prefix of its own for each run, removed at the end. */
const prefix = `betoch-test:${randomUUID()}:`;

const dropPrefix = () => dropRedisPrefix(prefix);

describe.skipIf(!available)('RedisKvStore', () => {
  let kv: RedisKvStore;
  beforeAll(() => {
    kv = new RedisKvStore(REDIS_URL, `${prefix}store:`);
  });
  afterAll(async () => {
    await kv.close();
    await dropPrefix();
  });

  it('counts with an expiry set by the first increment only', async () => {
    expect(await kv.increment('count', 100)).toEqual({ count: 1, ttl: 100 });
    const second = await kv.increment('count', 5000);
    expect(second.count).toBe(2);
    expect(second.ttl).toBeLessThanOrEqual(100);
    const raw = new Redis(REDIS_URL);
    expect(await raw.get(`${prefix}store:count`)).toBe('2');
    await raw.quit();
  });

  it('sets a key only when absent, reports its seconds left and deletes it', async () => {
    expect(await kv.setIfAbsent('cool', 60)).toBe(true);
    expect(await kv.setIfAbsent('cool', 60)).toBe(false);
    const left = await kv.ttl('cool');
    expect(left).toBeGreaterThan(55);
    expect(left).toBeLessThanOrEqual(60);
    await kv.delete('cool');
    expect(await kv.ttl('cool')).toBe(0);
    expect(await kv.setIfAbsent('cool', 60)).toBe(true);
  });

  it('lets keys expire', async () => {
    await kv.increment('short', 1);
    expect(await kv.setIfAbsent('short-cool', 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await kv.increment('short', 1)).count).toBe(1);
    expect(await kv.setIfAbsent('short-cool', 1)).toBe(true);
  });

  it('keeps one count under parallel increments', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => kv.increment('parallel', 60)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('keeps prefixes apart', async () => {
    const other = new RedisKvStore(REDIS_URL, `${prefix}other:`);
    expect(await kv.setIfAbsent('shared-name', 60)).toBe(true);
    expect(await other.setIfAbsent('shared-name', 60)).toBe(true);
    await other.close();
  });
});

describe.skipIf(!available)('two app processes sharing Redis', () => {
  let a: BuiltApp;
  let b: BuiltApp;
  let close: (() => Promise<void>) | undefined;

  // Both built from the environment alone, as two servers behind a load balancer would be.
  beforeAll(async () => {
    ({ a, b, close } = await twoAppsSharingRedis(prefix));
  });
  afterAll(() => close?.());

  const requestOtp = (app: BuiltApp, phone: string, ip: string) =>
    app.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone }, remoteAddress: ip });

  it('share the resend cooldown: a code from one makes the other answer cooldown_active', async () => {
    const phone = uniquePhone();
    expect((await requestOtp(a, phone, '10.5.0.1')).statusCode).toBe(200);
    const fromB = await requestOtp(b, phone, '10.5.0.2');
    expect(fromB.statusCode).toBe(429);
    expect(fromB.json()).toMatchObject({ error: 'cooldown_active', retry_after: expect.any(Number) });
    expect(fromB.json().retry_after).toBeGreaterThan(55);
  });

  it('share the per-IP limit: 30 codes across both, then both refuse that client', async () => {
    const ip = '10.5.1.1';
    for (let i = 0; i < 30; i++) {
      const res = await requestOtp(i % 2 ? b : a, uniquePhone(), ip);
      expect(res.statusCode, `code ${i + 1}`).toBe(200);
    }
    expect((await requestOtp(a, uniquePhone(), ip)).json().error).toBe('rate_limited');
    expect((await requestOtp(b, uniquePhone(), ip)).json().error).toBe('rate_limited');
    expect((await requestOtp(b, uniquePhone(), '10.5.1.2')).statusCode).toBe(200);
  });

  it('accept on one the code sent by the other', async () => {
    const phone = uniquePhone();
    const code = (await requestOtp(a, phone, '10.5.2.1')).json().code;
    const signup = await b.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone, code, name: 'Shared', userType: 'tenant', acceptTerms: true },
    });
    expect(signup.statusCode).toBe(201);
  });

  it('report Redis in the readiness check', async () => {
    const ready = await a.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ok: true });
  });
});
