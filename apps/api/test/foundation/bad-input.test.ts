import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { uniquePhone } from '../support/login.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp);

/** A clear client error: a 4xx, the envelope, a readable message, and nothing internal. */
function expectClientError(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ ok: false, error, message: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(3);
  expect(res.body).not.toMatch(/"stack"|\bat .*\.(ts|js):\d+|node_modules|SELECT |FST_ERR/);
}

const json = (url: string, payload: string, contentType = 'application/json'): InjectOptions => ({
  method: 'POST',
  url,
  payload,
  headers: { 'content-type': contentType },
});

async function userCount(): Promise<number> {
  const [row] = await t.database.sql.query<{ n: string | number }>('SELECT count(*) AS n FROM users');
  return Number(row?.n);
}

describe('bad bodies', () => {
  it('malformed JSON: 400 invalid_json', async () => {
    for (const payload of ['{"phone":', '{phone: "0911223344"}', "{'phone':'0911223344'}", '{"phone":"0911"}}', 'undefined', '\u0000']) {
      expectClientError(await t.request(json('/api/auth/request-otp', payload)), 400, 'invalid_json');
    }
  });

  it('an empty body sent as JSON: 400 invalid_json', async () => {
    expectClientError(await t.request(json('/api/auth/signup', '')), 400, 'invalid_json');
  });

  it('a body over the limit: 413 payload_too_large', async () => {
    const big = JSON.stringify({ phone: '0911223344', padding: 'x'.repeat(t.env.bodyLimitBytes) });
    expectClientError(await t.request(json('/api/auth/request-otp', big)), 413, 'payload_too_large');
  });

  it('a body that is not JSON: 415 unsupported_media_type', async () => {
    for (const [payload, type] of [
      ['phone=0911223344', 'application/x-www-form-urlencoded'],
      ['0911223344', 'text/plain'],
      ['<phone>0911223344</phone>', 'application/xml'],
      ['phone', 'application/octet-stream'],
    ] as const) {
      expectClientError(await t.request(json('/api/auth/request-otp', payload, type)), 415, 'unsupported_media_type');
    }
  });

  it('JSON that is not an object, or has the wrong types: 400 with the fields named', async () => {
    for (const payload of ['[]', '[{"phone":"0911223344"}]', '"0911223344"', '42', 'null', 'true']) {
      const res = await t.request(json('/api/auth/request-otp', payload));
      expectClientError(res, 400, res.json().error === 'validation_error' ? 'validation_error' : 'invalid_phone');
    }
    const wrongTypes = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone: 911223344, code: 123456, name: ['Abebe'], userType: 1, email: { a: 1 } },
    });
    expectClientError(wrongTypes, 400, 'validation_error');
    expect(Object.keys(wrongTypes.json().fields).sort()).toEqual(['acceptTerms', 'code', 'email', 'name', 'phone', 'userType']);
  });

  it('very long strings: refused by the field limits, never stored', async () => {
    const long = 'ሀ'.repeat(20_000);
    expectClientError(await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: `09${'1'.repeat(10_000)}` } }), 400, 'invalid_phone');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone: uniquePhone(), code: '123456', name: long, userType: 'delala', agencyName: long, email: `${long}@x.et` },
    });
    expectClientError(res, 400, 'validation_error');
    expect(res.json().fields).toMatchObject({ name: 'name_too_long', agencyName: 'agency_too_long', email: 'invalid_email' });
  });

  it('text with a NUL character is refused before it reaches the database (no 500)', async () => {
    const phone = uniquePhone();
    const code = (await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } })).json().code;
    const nul = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone, code, name: 'Ab\u0000ebe', userType: 'tenant', acceptTerms: true },
    });
    expectClientError(nul, 400, 'validation_error');
    expect(nul.json().fields).toEqual({ name: 'invalid_text' });
    // An escaped backslash before u0000 is plain text, not a NUL: it passes.
    const escaped = await t.request(json('/api/auth/verify-otp', '{"phone":"0911223344","code":"123456","x":{"y":["\\\\u0000"]}}'));
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().error).not.toBe('validation_error');
    const deep = await t.request(json('/api/auth/verify-otp', '{"phone":"0911223344","code":"123456","x":{"y":["a\\u0000"]}}'));
    expectClientError(deep, 400, 'validation_error');
    expect(deep.json().fields).toEqual({ 'x.y.0': 'invalid_text' });
    expectClientError(await t.request({ method: 'GET', url: '/api/auth/me?q=%00' }), 400, 'validation_error');
    const bell = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone, code, name: 'Ab\u0007ebe', userType: 'tenant', acceptTerms: true },
    });
    expectClientError(bell, 400, 'validation_error');
    expect(bell.json().fields).toEqual({ name: 'invalid_name' });
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/signup', payload: { phone, code, name: 'Abebe', userType: 'tenant', acceptTerms: true } })).statusCode,
    ).toBe(201);
  });

  it('prototype tricks are refused and pollute nothing', async () => {
    for (const payload of ['{"__proto__":{"isAdmin":true},"phone":"0911223344"}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      expectClientError(await t.request(json('/api/auth/request-otp', payload)), 400, 'invalid_json');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('none of it changed anything', async () => {
    const before = await userCount();
    const phone = uniquePhone();
    const code = (await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } })).json().code;
    const attempts: InjectOptions[] = [
      json('/api/auth/signup', `{"phone":"${phone}","code":"${code}","name":"Half`),
      json('/api/auth/signup', JSON.stringify([{ phone, code, name: 'Array', userType: 'tenant', acceptTerms: true }])),
      { method: 'POST', url: '/api/auth/signup', payload: { phone, code, name: 'x'.repeat(81), userType: 'tenant', acceptTerms: true } },
      { method: 'POST', url: '/api/auth/signup', payload: { phone, code, name: 'Bad type', userType: 'owner', acceptTerms: true } },
      json('/api/auth/signup', `phone=${phone}&code=${code}`, 'application/x-www-form-urlencoded'),
    ];
    for (const a of attempts) expect((await t.request(a)).statusCode).toBeLessThan(500);
    expect(await userCount()).toBe(before);
    // The code was not spent by any of them.
    const ok = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { phone, code, name: 'Finally', userType: 'tenant', acceptTerms: true } });
    expect(ok.statusCode).toBe(201);
  });
});

describe('hostile addresses on unknown routes', () => {
  it('answer the JSON 404 envelope, or 400 when the address cannot be read', async () => {
    const notFound = [
      '/api/nope',
      '/api/auth/%00',
      '/api/..%2f..%2fetc%2fpasswd',
      '/api/auth/..%2F..%2Fpackage.json',
      `/api/${'a'.repeat(5000)}`,
      "/api/users/1'%20OR%20'1'='1",
      '/api/users/1;DROP%20TABLE%20users',
      '/api/listings/<script>alert(1)</script>',
      '/api/x?__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1',
      '/api/x?a=%&b=%zz',
      `/api/x?${'q=1&'.repeat(2000)}`,
    ];
    for (const url of notFound) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await t.request({ method, url });
        expectClientError(res, 404, 'route_not_found');
      }
    }
    for (const url of ['/api/%E0%A4%A', '/api/auth/%', '/api/%c0%ae%c0%ae/']) {
      expectClientError(await t.request({ method: 'GET', url }), 400, 'validation_error');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('a prototype name as a subcity is a 400 on the field, in the query and in a new listing', async () => {
    // Each name is asked first here, so no cached answer hides a crash.
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']) {
      const browse = await t.request({ method: 'GET', url: `/api/listings?subcity=${name}` });
      expectClientError(browse, 400, 'validation_error');
      expect(browse.json().fields).toHaveProperty('subcity');
      const create = await t.request({ method: 'POST', url: '/api/listings', payload: { subcity: name } });
      expect(create.statusCode, `${name}: ${create.body}`).toBeLessThan(500);
    }
  });

  it('a real route with a hostile query string still works as the contract says', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/me?__proto__[x]=1&a=%' });
    expectClientError(res, 401, 'unauthorized');
  });

  it('a missing file outside the API is a plain 404, not the app', async () => {
    for (const url of ['/missing.js', '/assets/..%2f..%2fpackage.json', '/.env', '/..%2f..%2fetc%2fpasswd.txt']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('"name": "betoch"');
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('hostile addresses with the web app built', () => {
  let built: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Betoch</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), 'root:x:0:0');
    built = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await built.close();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), { force: true });
  });

  it('serves files of the build only, the app for app routes, and JSON for /api', async () => {
    const secret = `${path.basename(dist)}-secret.txt`;
    for (const url of [`/..%2f${secret}`, `/assets/..%2f..%2f${secret}`, `/%2e%2e/${secret}`, `/assets/%2e%2e/%2e%2e/${secret}`, '/.env']) {
      const res = await built.request({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:x');
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const asset = await built.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/browse?subcity=__proto__', '/browse?subcity=constructor&type=toString', '/l/__proto__', '/l/constructor']) {
      const res = await built.request({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    const appRoute = await built.request({ method: 'GET', url: '/browse?x=<script>' });
    expect(appRoute.statusCode).toBe(200);
    expect(appRoute.body).toContain('<title>Betoch</title>');
    expect(appRoute.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expectClientError(await built.request({ method: 'GET', url: '/api/nowhere' }), 404, 'route_not_found');
    expectClientError(await built.request({ method: 'GET', url: '/api/..%2f..%2fetc%2fpasswd' }), 404, 'route_not_found');
  });
});
