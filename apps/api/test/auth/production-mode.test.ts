import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { EnvError, loadEnv } from '../../src/config/env.ts';
import { HttpSmsSender } from '../../src/modules/auth/sms/http-sms-sender.ts';
import { SmsDeliveryError } from '../../src/modules/auth/sms/sms-sender.ts';
import { CODE_IN_TEXT, createTestApp, openTestDatabase, WHOLE_CODE, type TestApp } from '../support/test-app.ts';
import { uniquePhone } from '../support/login.ts';
import { startFakeGateway } from './sms-gateway.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';

const SECRET = 'a-production-secret-of-at-least-32-characters!';
const GATEWAY_TOKEN = 'gw-token-123';

function productionEnv(extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'test',
    ...PRODUCTION_ENV,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    JWT_SECRET: SECRET,
    SMS_GATEWAY_TOKEN: GATEWAY_TOKEN,
    ...extra,
  };
}

describe('loadEnv in production', () => {
  it('refuses to start without the secret and the SMS gateway, naming each missing variable', () => {
    let error: unknown;
    try {
      loadEnv({ APP_MODE: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const key of ['JWT_SECRET', 'SMS_GATEWAY_URL', 'SMS_GATEWAY_TOKEN', 'SMS_SENDER_ID']) expect(message).toContain(key);
  });

  it('names only what is missing or wrong', () => {
    const { SMS_SENDER_ID: _omitted, ...withoutSender } = productionEnv();
    expect(() => loadEnv(withoutSender)).toThrow(/SMS_SENDER_ID/);
    expect(() => loadEnv(withoutSender)).not.toThrow(/JWT_SECRET/);
    expect(() => loadEnv(productionEnv({ JWT_SECRET: 'short' }))).toThrow(/JWT_SECRET: must be at least 32/);
    expect(() => loadEnv(productionEnv({ SMS_GATEWAY_URL: 'ftp://gateway' }))).toThrow(/SMS_GATEWAY_URL/);
    expect(() => loadEnv(productionEnv({ PORT: 'abc' }))).toThrow(/PORT/);
    expect(() => loadEnv(productionEnv({ ADMIN_PHONES: '0911223344,not-a-phone' }))).toThrow(/ADMIN_PHONES: 'not-a-phone'/);
  });

  it('starts with everything set, and demo mode needs none of it', () => {
    const env = loadEnv(productionEnv({ SMS_IDENTIFIER_ID: 'id-1' }));
    expect(env.mode).toBe('production');
    expect(env.sms).toMatchObject({ baseUrl: 'http://127.0.0.1:9', token: GATEWAY_TOKEN, senderId: 'Betoch', identifierId: 'id-1' });
    expect(env.adminPhones.size).toBe(0);
    const demo = loadEnv({});
    expect(demo.mode).toBe('demo');
    expect(demo.sms).toBeUndefined();
  });
});

describe('the code in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(productionEnv());
  });
  afterAll(async () => {
    await t.close();
  });

  it('never appears in the answer; it goes only through the SMS sender', async () => {
    const phone = uniquePhone();
    const res = await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, expires_in: 300, retry_after: 60 });
    const code = t.sms.lastCodeFor(phone);
    expect(code).toMatch(WHOLE_CODE);
    expect(res.body).not.toContain(code);
    const signup = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { phone, code, name: 'Prod', userType: 'tenant', acceptTerms: true } });
    expect(signup.statusCode).toBe(201);
  });

  it('sends HSTS in production', async () => {
    const res = await t.request({ method: 'GET', url: '/api/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('HttpSmsSender (AfroMessage send call)', () => {
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  beforeAll(async () => {
    gateway = await startFakeGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('POSTs {sender, to, message} to /api/send with the bearer token', async () => {
    gateway.setMode('ok');
    const sender = new HttpSmsSender({ baseUrl: gateway.url, token: GATEWAY_TOKEN, senderId: 'Betoch' });
    await sender.send('+251911223344', 'Your code is 123456');
    const call = gateway.received.at(-1);
    expect(call).toMatchObject({
      method: 'POST',
      path: '/api/send',
      authorization: `Bearer ${GATEWAY_TOKEN}`,
      contentType: 'application/json',
      body: { sender: 'Betoch', to: '+251911223344', message: 'Your code is 123456' },
    });
    expect(call?.body).not.toHaveProperty('from');
  });

  it('adds the identifier as `from` when configured, and keeps a base path', async () => {
    const sender = new HttpSmsSender({ baseUrl: `${gateway.url}/v1/`, token: GATEWAY_TOKEN, senderId: 'Betoch', identifierId: 'e80ad9d8' });
    await sender.send('+251711223344', 'hello');
    expect(gateway.received.at(-1)).toMatchObject({ path: '/v1/api/send', body: { from: 'e80ad9d8', to: '+251711223344' } });
  });

  it('treats acknowledge=error, an HTTP error, no answer in time and no gateway as delivery failures', async () => {
    const sender = new HttpSmsSender({ baseUrl: gateway.url, token: GATEWAY_TOKEN, senderId: 'Betoch', timeoutMs: 300 });
    for (const mode of ['refuse', 'http500', 'hang'] as const) {
      gateway.setMode(mode);
      await expect(sender.send('+251911223344', 'x'), mode).rejects.toBeInstanceOf(SmsDeliveryError);
    }
    const nowhere = new HttpSmsSender({ baseUrl: 'http://127.0.0.1:9', token: 't', senderId: 's', timeoutMs: 1000 });
    await expect(nowhere.send('+251911223344', 'x')).rejects.toBeInstanceOf(SmsDeliveryError);
    gateway.setMode('ok');
  });
});

describe('a production app with the HTTP gateway', () => {
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  let built: BuiltApp;
  let drop: () => Promise<void>;
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    gateway = await startFakeGateway();
    const opened = await openTestDatabase();
    drop = opened.drop;
    closeDb = () => opened.database.close();
    const env = loadEnv(productionEnv({ SMS_GATEWAY_URL: gateway.url, SMS_TIMEOUT_MS: '500' }));
    built = await buildApp(env, { database: opened.database, logger: false });
    await built.app.ready();
  });
  afterAll(async () => {
    await built.app.close();
    await closeDb();
    await drop();
    await gateway.close();
  });

  const requestOtp = (phone: string) => built.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } });

  it('sends the code through the gateway, and the code from the SMS signs the user up', async () => {
    gateway.setMode('ok');
    const phone = uniquePhone();
    const res = await requestOtp(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('code');
    const call = gateway.received.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/api/send', authorization: `Bearer ${GATEWAY_TOKEN}`, body: { sender: 'Betoch', to: phone } });
    const code = CODE_IN_TEXT.exec(String(call.body.message))?.[1];
    expect(code).toMatch(WHOLE_CODE);
    expect(res.body).not.toContain(code!);
    const signup = await built.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone, code, name: 'Via SMS', userType: 'tenant', acceptTerms: true },
    });
    expect(signup.statusCode).toBe(201);
  });

  it('answers 503 sms_unavailable when the gateway fails, and lets the user try again at once', async () => {
    const phone = uniquePhone();
    gateway.setMode('refuse');
    const failed = await requestOtp(phone);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ ok: false, error: 'sms_unavailable', message: expect.any(String) });
    gateway.setMode('http500');
    const failedAgain = await requestOtp(phone);
    expect(failedAgain.json().error).toBe('sms_unavailable'); // not cooldown_active: the cooldown was released
    gateway.setMode('ok');
    const sent = await requestOtp(phone);
    expect(sent.statusCode).toBe(200);
    expect((await requestOtp(phone)).json().error).toBe('cooldown_active');
  });
});
