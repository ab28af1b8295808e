import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorAnswer } from '@betoch/contracts/common';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signUp } from '../support/login.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the shutdown gate', () => {
  it('once shutdown begins, answers every new request 503 shutting_down in the envelope, with retry_after and Retry-After', async () => {
    const tenant = await signUp(t);
    expect((await t.request({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
    t.shutdown.begin();
    const calls = [
      { method: 'GET' as const, url: '/api/readyz' },
      { method: 'GET' as const, url: '/api/listings' },
      { method: 'POST' as const, url: '/api/purchase', headers: tenant.auth, payload: { sku: 'CREDIT_SINGLE' } },
      { method: 'GET' as const, url: '/api/nowhere' },
    ];
    for (const call of calls) {
      const res = await t.request(call);
      expect(res.statusCode, call.url).toBe(503);
      expect(ZErrorAnswer.parse(res.json())).toMatchObject({ ok: false, error: 'shutting_down', retry_after: 5 });
      expect(res.json().message).toMatch(/try again/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers.connection).toBe('close');
    }
    const [row] = await t.database.sql.query<{ n: string | number }>('SELECT count(*) AS n FROM purchases');
    expect(Number(row?.n)).toBe(0);
  });
});
