import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { CODE_IN_TEXT, openTestDatabase } from '../support/test-app.ts';
import { uniquePhone } from '../support/login.ts';
import { startFakeGateway } from './sms-gateway.ts';
import { wrongCode } from './auth-calls.ts';

/** Every log line the app writes, as text. */
class CapturedLog {
  readonly lines: string[] = [];
  write(line: string) {
    this.lines.push(line);
  }
  get text() {
    return this.lines.join('');
  }
}

/** A code counts as leaked when it stands as its own number (not inside a longer run of digits). */
const leaked = (text: string, code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(text);

const BASE_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'trace', SEED_DEMO: 'false', WEB_DIST: '/nonexistent-web-dist' };

async function openApp(env: Record<string, string>, log: CapturedLog) {
  const opened = await openTestDatabase();
  const built = await buildApp(loadEnv({ ...BASE_ENV, ...env }), { database: opened.database, logStream: log });
  await built.app.ready();
  return {
    built,
    close: async () => {
      await built.app.close();
      await opened.database.close();
      await opened.drop();
    },
  };
}

describe('codes never reach the logs', () => {
  const demoLog = new CapturedLog();
  const prodLog = new CapturedLog();
  let demo: { built: BuiltApp; close: () => Promise<void> };
  let prod: { built: BuiltApp; close: () => Promise<void> };
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;

  beforeAll(async () => {
    gateway = await startFakeGateway();
    // Demo mode with its console SMS sender; production with the HTTP gateway adapter.
    demo = await openApp({ APP_MODE: 'demo' }, demoLog);
    prod = await openApp(
      {
        APP_MODE: 'production',
        JWT_SECRET: 'x'.repeat(40),
        SMS_GATEWAY_URL: gateway.url,
        SMS_GATEWAY_TOKEN: 'token-never-logged',
        SMS_SENDER_ID: 'Betoch',
      },
      prodLog,
    );
  });
  afterAll(async () => {
    await demo?.close();
    await prod?.close();
    await gateway?.close();
  });

  it('in demo mode, through request, wrong tries, signup, sign-in and me, at level trace', async () => {
    const app = demo.built.app;
    const codes: string[] = [];
    const phone = uniquePhone();
    const first = await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } });
    const code = first.json().code as string;
    codes.push(code);
    await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone, code: wrongCode(code) } });
    await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone, code } });
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone, code, name: 'Logged', userType: 'tenant', acceptTerms: true },
    });
    const token = signup.json().token as string;
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } }); // cooldown answer

    const other = uniquePhone();
    const second = (await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: other } })).json().code as string;
    codes.push(second);
    await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { phone: other, code: second, name: 'Two', userType: 'delala', acceptTerms: true } });

    const text = demoLog.text;
    // The logs are really there: requests, and the console sender's line.
    expect(text).toContain('request completed');
    expect(text).toContain('sms (demo): not sent');
    expect(text).toContain(phone.slice(-4));
    for (const c of codes) expect(leaked(text, c), `code ${c} in the demo log`).toBe(false);
    expect(text).not.toContain(token);
  });

  it('in production, through the gateway and its failure', async () => {
    const app = prod.built.app;
    const phone = uniquePhone();
    gateway.setMode('ok');
    expect((await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } })).statusCode).toBe(200);
    const code = CODE_IN_TEXT.exec(String(gateway.received.at(-1)?.body.message))![1]!;
    await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { phone, code, name: 'Prod', userType: 'tenant', acceptTerms: true } });

    gateway.setMode('refuse');
    const failing = uniquePhone();
    expect((await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: failing } })).statusCode).toBe(503);
    const failedCode = CODE_IN_TEXT.exec(String(gateway.received.at(-1)?.body.message))![1]!;
    gateway.setMode('ok');

    const text = prodLog.text;
    expect(text).toContain('sms delivery failed');
    for (const c of [code, failedCode]) expect(leaked(text, c), `code ${c} in the production log`).toBe(false);
    expect(text).not.toContain('token-never-logged');
  });
});
