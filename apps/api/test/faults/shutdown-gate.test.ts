import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { shutdownGate } from '../../src/plugins/shutdown-gate.ts';
import { ZErrorAnswer } from '@betoch/contracts/common';
import { createTestApp } from '../support/test-app.ts';
import { signUp } from '../support/login.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp);

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

describe('a call in flight when shutdown begins', () => {
  it('is answered with Connection: close, so closing does not wait for the keep-alive timeout', async () => {
    // A server like the app's (Fastify keeps idle connections 72 s), with one slow call, as a call
    // waiting on a Redis that stopped answering is.
    const app = Fastify({ logger: false, return503OnClosing: false });
    const gate = shutdownGate(app);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const answer = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        })
        .on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    gate.begin();
    await gate.settled(1000);
    const closing = Date.now();
    const closed = app.close();
    setTimeout(release, 300);
    expect(await answer).toEqual({ status: 200, connection: 'close' });
    await closed;
    expect(Date.now() - closing).toBeLessThan(3000);
    agent.destroy();
  });
});
