import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/app.ts';
import { FAYDA_CALLBACKS_PER_HOUR, FAYDA_STARTS_PER_HOUR } from '../../src/modules/fayda/fayda.service.ts';
import { businessKey, createFaydaTestApp, FAYDA_CLIENT_ID, FAYDA_REDIRECT_URI, type FaydaTestApp } from '../support/fayda.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { redisTestsRun, twoAppsSharingRedis } from '../support/redis.ts';
import type { TestApp } from '../support/test-app.ts';
import { startLocalFaydaProvider, type LocalFaydaProvider } from '../../scripts/local-fayda-provider.ts';

type Inject = (options: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: object;
}) => Promise<{ statusCode: number; json(): Record<string, unknown> }>;

const start = (request: Inject, who: SignedIn) => request({ method: 'POST', url: '/api/fayda/start', headers: who.auth, payload: {} });
const callback = (request: Inject, who: SignedIn) =>
  request({ method: 'POST', url: '/api/fayda/callback', headers: who.auth, payload: { state: `never-started-${randomUUID()}`, code: 'x' } });

describe('Fayda start and return are rate limited per account', () => {
  let f: FaydaTestApp;
  beforeAll(async () => {
    f = await createFaydaTestApp();
  });
  afterAll(async () => f?.close());

  it(`${FAYDA_STARTS_PER_HOUR} starts an hour; the next is 429 rate_limited with retry_after; another account and the next hour go on`, async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    for (let i = 0; i < FAYDA_STARTS_PER_HOUR; i++) expect((await start(f.t.request, landlord)).statusCode, `start ${i + 1}`).toBe(200);
    const refused = await start(f.t.request, landlord);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, error: 'rate_limited', retry_after: expect.any(Number) });
    expect(refused.json().retry_after).toBeGreaterThan(3500);
    // Someone else is not held up by it.
    expect((await start(f.t.request, await signUp(f.t, { userType: 'delala' }))).statusCode).toBe(200);
    // An hour later the account may start again.
    f.t.clock.advance(3_601_000);
    expect((await start(f.t.request, landlord)).statusCode).toBe(200);
  });

  it(`${FAYDA_CALLBACKS_PER_HOUR} returns an hour: the next is refused before the provider is asked`, async () => {
    const landlord = await signUp(f.t, { userType: 'landlord' });
    for (let i = 0; i < FAYDA_CALLBACKS_PER_HOUR; i++) {
      const res = await callback(f.t.request, landlord);
      expect(res.statusCode, `return ${i + 1}`).toBe(400);
      expect(res.json().error).toBe('fayda_failed');
    }
    const calls = f.provider.tokenCalls;
    const refused = await callback(f.t.request, landlord);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(f.provider.tokenCalls).toBe(calls);
    // The server still answers the account's other calls.
    expect((await f.t.request({ method: 'GET', url: '/api/fayda', headers: landlord.auth })).statusCode).toBe(200);
  });
});

/** Runs against TEST_REDIS_URL, or a local Redis when one answers (support/redis.ts). */
const redisRuns = await redisTestsRun('fayda/rate-limit.test.ts');

describe.skipIf(!redisRuns)('two servers sharing Redis share the Fayda limit', () => {
  const prefix = `betoch-test:${randomUUID()}:`;
  let provider: LocalFaydaProvider;
  let a: BuiltApp;
  let b: BuiltApp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const key = await businessKey();
    provider = await startLocalFaydaProvider({ clientId: FAYDA_CLIENT_ID, clientJwks: { keys: [key.publicJwk] }, redirectUris: [FAYDA_REDIRECT_URI] });
    ({ a, b, close } = await twoAppsSharingRedis(prefix, {
      FAYDA_ISSUER: provider.url,
      FAYDA_CLIENT_ID,
      FAYDA_PRIVATE_KEY: JSON.stringify(key.privateJwk),
      FAYDA_REDIRECT_URI,
    }));
  });
  afterAll(async () => {
    await close?.();
    await provider?.close();
  });

  it('starts alternating between the two servers count once: both refuse the next', async () => {
    const injectA = ((o) => a.app.inject(o)) as Inject;
    const injectB = ((o) => b.app.inject(o)) as Inject;
    // Signing up through server A, as a TestApp would (its key store is Redis: nothing to clear).
    const viaA = { request: injectA, kv: { delete: async () => undefined } } as unknown as TestApp;
    const landlord = await signUp(viaA, { userType: 'landlord' });
    for (let i = 0; i < FAYDA_STARTS_PER_HOUR; i++) {
      expect((await start(i % 2 ? injectB : injectA, landlord)).statusCode, `start ${i + 1}`).toBe(200);
    }
    expect((await start(injectA, landlord)).json().error).toBe('rate_limited');
    expect((await start(injectB, landlord)).json().error).toBe('rate_limited');
  });
});
