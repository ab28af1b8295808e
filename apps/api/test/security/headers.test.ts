import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { expectLedgerConsistent, grantCredits } from '../support/wallet.ts';
import { chat } from '../conversations/chat-calls.ts';
import { phoneSpellings } from './market.ts';
import { allRoutes, callRoute, routeKey, type Targets } from './route-calls.ts';

/**
 * Headers: the Content-Security-Policy (no inline scripts, no framing), nosniff
 * and the referrer policy on API answers, on the web app's HTML and on photos; and
 * `cache-control: no-store` on every answer that carries a paid-for phone or chat text, found by
 * calling every route as a tenant who paid. HSTS in production: test/auth/production-mode.test.ts.
 */
const OWNER_WORDS = 'Owner-words-for-the-cache-check';

let t: TestApp;
let webDist: string;
let owner: SignedIn;
let tenant: SignedIn;
let targets: Targets;
let photoUrl: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app")');
  t = await createListingsTestApp({ WEB_DIST: webDist });
  owner = await signUp(t, { userType: 'landlord', name: 'Header owner' });
  tenant = await signUp(t, { name: 'Paying tenant' });
  const listing = await createLiveListing(t, owner, { contact_preference: 'show' });
  photoUrl = listing.photos[0]!.url;
  const c = chat(t);
  const { conversation_id } = await c.start(tenant, listing._id, 'Hello, is it free?');
  await c.reply(owner, conversation_id, `${OWNER_WORDS}, yes`);
  await grantCredits(t, tenant, 3);
  await c.unlock(tenant, conversation_id);
  expect((await t.request({ method: 'POST', url: `/api/listings/${listing._id}/unlock-contact`, headers: tenant.auth })).statusCode).toBe(200);
  const unknown = '00000000-0000-4000-8000-000000000000';
  targets = { listing: listing._id, conversation: conversation_id, case: unknown, cluster: unknown, adjustment: unknown, phone: owner.phone };
}, 60_000);
afterAll(async () => {
  await expectLedgerConsistent(t);
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function directives(res: LightMyRequestResponse): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)] as const),
  );
}

function expectSafeHeaders(res: LightMyRequestResponse, label: string): void {
  const csp = directives(res);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${label}: script-src`).toBeDefined();
  expect(scripts, label).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:/);
  expect(csp.get('frame-ancestors'), label).toBe("'none'");
  expect(csp.get('object-src'), label).toBe("'none'");
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('on every API answer of every route, success or failure', async () => {
    let checked = 0;
    for (const route of allRoutes(t)) {
      if (route.method !== 'GET') continue;
      for (const who of [null, tenant]) {
        const res = await callRoute(t, route, who, targets);
        expectSafeHeaders(res, `${routeKey(route)} ${res.statusCode}`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("on the web app's HTML (the site root too), its scripts, and the app routes", async () => {
    for (const url of ['/', '/browse', `/l/${targets.listing}`, '/assets/app.js', '/nowhere.txt']) {
      const res = await t.request({ method: 'GET', url });
      expectSafeHeaders(res, `${url} ${res.statusCode}`);
      if (url === '/' || url === '/browse') {
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<div id="root">');
      }
    }
  });

  it('on photos: image/webp, nosniff, the policy; a missing photo is a plain 404', async () => {
    const res = await t.request({ method: 'GET', url: photoUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expectSafeHeaders(res, 'photo');
    const missing = await t.request({ method: 'GET', url: photoUrl.replace(/[^/]+$/, 'nothing.webp') });
    expect(missing.statusCode).toBe(404);
    expectSafeHeaders(missing, 'missing photo');
  });
});

describe('no-store on paid-for data', () => {
  it('every answer holding the paid-for phone or chat text is no-store (every route, as the paying tenant)', async () => {
    const carrying: string[] = [];
    const phones = phoneSpellings(owner.phone);
    const skip = new Set([
      'POST /auth/logout',
      'POST /purchase',
      'POST /uploads',
      'DELETE /listings/{id}',
      'POST /auth/signup',
      'POST /auth/verify-otp',
      'POST /auth/request-otp',
    ]);
    // Reads first: a write (a new tenant message) would change what the inbox shows last.
    const ordered = [...allRoutes(t)].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    for (const route of ordered) {
      if (skip.has(routeKey(route))) continue;
      const res = await callRoute(t, route, tenant, targets);
      const paidFor = phones.some((p) => res.body.includes(p)) || res.body.includes(OWNER_WORDS);
      if (!paidFor) continue;
      carrying.push(routeKey(route));
      expect(res.headers['cache-control'], `${routeKey(route)} ${res.statusCode}`).toBe('no-store');
    }
    // The scan saw the paid-for data where it lives.
    for (const key of [
      'POST /listings/{id}/unlock-contact',
      'GET /listings/{id}/unlock-status',
      'POST /listings/batch-unlock-status',
      'GET /listings/unlocked/my-unlocks',
      'GET /conversations',
      'GET /conversations/{id}/messages',
    ]) {
      expect(carrying).toContain(key);
    }
  });

  it('the calls named by the rules are no-store whatever they answer (also errors and anonymous)', async () => {
    const named = [
      'POST /listings/{id}/unlock-contact',
      'GET /listings/{id}/unlock-status',
      'POST /listings/batch-unlock-status',
      'GET /listings/unlocked/my-unlocks',
      'GET /conversations',
      'GET /conversations/{id}/messages',
      'POST /conversations/{id}/reply',
      'POST /conversations',
      'POST /conversations/{id}/unlock-first-reply',
      'GET /wallet/balance',
      'GET /auth/me',
    ];
    const routes = allRoutes(t).filter((r) => named.includes(routeKey(r)));
    expect(routes.length).toBe(named.length);
    for (const route of routes) {
      for (const who of [null, tenant, owner]) {
        const res = await callRoute(t, route, who, targets);
        expect(res.headers['cache-control'], `${routeKey(route)} as ${who ? who.user.userType : 'anonymous'} ${res.statusCode}`).toBe('no-store');
      }
    }
  });

  it('public browse answers may be cached (they never carry a phone)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/listings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
    for (const p of phoneSpellings(owner.phone)) expect(res.body).not.toContain(p);
  });
});
