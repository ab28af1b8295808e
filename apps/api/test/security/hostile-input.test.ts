import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZErrorAnswer } from '@betoch/contracts/common';
import type { RegisteredRoute } from '../../src/lib/route.ts';
import { createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { allRoutes, pathOf, routeKey, sampleBody, type Targets } from './route-calls.ts';
import { deepStrict } from './strict-schema.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';
import { useSignedUp } from '../support/use-signed-up.ts';

/**
 * Hostile input everywhere (the API part; e2e/xss.spec.ts is the browser part): for every route with a body, a query
 * or a path parameter, fast-check builds inputs from the contract's own field names, mixing valid
 * values with hostile ones (huge and odd unicode strings, NUL, SQL and script text, numbers as
 * strings, nested objects and arrays, __proto__ / constructor keys, non-object bodies). The caller
 * is one who gets past the sign-in and ownership checks, so the input reaches validation and the
 * services. No answer may be a 5xx; every error is the contract's error envelope, with no stack,
 * SQL text or file path.
 */
const RUNS_PER_ROUTE = 25;

const t = useTestApp(createListingsTestApp, closeAfterLedgerCheck);
const { owner, tenant, admin } = useSignedUp(t, { owner: { userType: 'landlord', name: 'Fuzz owner' }, tenant: { name: 'Fuzz tenant' }, admin: 'admin' });
let targets: Targets;

beforeAll(async () => {
  const listing = (await createLiveListing(t, owner))._id;
  const start = await t.request({
    method: 'POST',
    url: '/api/conversations',
    headers: tenant.auth,
    payload: { listing_id: listing, initial_message: 'Hello' },
  });
  const unknown = '00000000-0000-4000-8000-000000000000';
  targets = { listing, conversation: start.json().conversation_id, case: unknown, cluster: unknown, adjustment: unknown, phone: tenant.phone };
}, 60_000);

/** The field names of a contract schema (through preprocess, refinements and wrappers). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s = schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } }; shape?: Record<string, unknown> } | undefined;
  for (let i = 0; s && i < 5; i += 1) {
    const def = s._zod.def;
    if (def.type === 'object') return Object.keys(s.shape ?? {});
    if (def.type === 'pipe') s = ((def.out as typeof s)?._zod.def.type === 'object' ? def.out : def.in) as typeof s;
    else if (def.innerType) s = def.innerType as typeof s;
    else return [];
  }
  return [];
}

const nested = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: nested(depth - 1), b: [nested(0)] });

/** Names every plain object answers to: a lookup by one of them without an own-key check finds a function or the prototype. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'] as const;

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    "'; DROP TABLE users; --",
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '%00%0d%0a',
    '${7*7}{{7*7}}',
    '\uFEFF\u202E\u200B',
    '\uD800',
    '𝕏🏠'.repeat(300),
    'ብ'.repeat(6000),
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '0x1F',
    '9'.repeat(400),
    'true',
    'null',
    ...PROTOTYPE_KEYS,
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant('x'.repeat(120_000)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0, 0, -1, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, fc.integer()), { maxLength: 60 }),
  fc.object({ maxDepth: 2 }),
  fc.constant(nested(60)),
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true,"roles":["admin"]}}')),
);

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'roles', 'credits', 'user_id', 'poster_phone', 'toString', 'hasOwnProperty'];

/** A JSON body as text, so keys like __proto__ are sent as written. */
function jsonText(entries: Array<[string, unknown]>): string {
  return `{${entries
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(',')}}`;
}

function bodyArbitrary(route: RegisteredRoute): fc.Arbitrary<string> {
  const sample = sampleBody(routeKey(route), targets) ?? {};
  const fields = fieldsOf(route.body);
  const perField = fields.map((f) => fc.oneof(fc.constant(undefined), fc.constant(sample[f]), hostileValue).map((v) => [f, v] as [string, unknown]));
  const objectBody = fc
    .tuple(fc.tuple(...perField), fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue), { maxLength: 3 }))
    .map(([own, extra]) => jsonText([...own, ...extra]));
  const otherBody = fc.oneof(
    hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
    fc.constantFrom('{"a":', '[', '{"__proto__":', '\u0000', '{}'.repeat(5), '{"phone":"1"}{"phone":"2"}'),
  );
  return fc.oneof({ weight: 5, arbitrary: objectBody }, { weight: 1, arbitrary: otherBody });
}

function queryArbitrary(route: RegisteredRoute): fc.Arbitrary<string> {
  const keys = [...fieldsOf(route.query), '__proto__', 'constructor', 'a[b]'];
  const value = fc.oneof(
    hostileString.filter((s) => s.length < 3000),
    fc.integer().map(String),
    fc.constantFrom('', '-5', '1.5', '10000000000000000000'),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 6 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : ''));
}

const idArbitrary = fc.oneof(
  { weight: 2, arbitrary: fc.constant<string | null>(null) },
  hostileString.filter((s) => s.length > 0 && s.length < 400),
  fc.constantFrom("1' OR '1'='1", '..%2F..%2Fetc', 'ÄÖÜ', '%', '%E0%A4%A', '💥'),
);

/** Percent-encodes, and sends a lone surrogate as the invalid UTF-8 bytes it would be. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `%ED%A0%80${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}`;
  }
}

/** Internals an answer must never show. */
const INTERNALS =
  /\bat \S+ \(|\.ts:\d+|\.js:\d+|node_modules|\/work\/|apps\/api|syntax error|violates|relation "|duplicate key|TypeError|ReferenceError|ZodError|"stack"/i;
/** SQL as a database error would quote it (upper-case keywords, as the repositories write them). */
const SQL_TEXT = /\bSELECT\b[^"]*\bFROM\b|\bINSERT INTO\b|\bUPDATE \S+ SET\b|\bDELETE FROM\b/;

function whoFor(route: RegisteredRoute): SignedIn | null {
  if (route.auth === 'none') return null;
  if (route.auth === 'admin') return admin;
  return route.url.startsWith('/conversations') ? tenant : owner;
}

describe('hostile input to every route', () => {
  const fuzzed = () => allRoutes(t).filter((r) => r.body || r.query || r.url.includes('{'));

  it('covers every route that takes a body, a query or a path parameter', () => {
    expect(fuzzed().length).toBeGreaterThanOrEqual(25);
  });

  it('never answers 5xx, and every error is the error envelope without stack, SQL or paths', async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const route of fuzzed()) {
      const key = routeKey(route);
      const input = fc.record({
        body: route.body ? bodyArbitrary(route) : fc.constant(undefined),
        query: route.query ? queryArbitrary(route) : fc.constant(''),
        id: route.url.includes('{') ? idArbitrary : fc.constant(null),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ body, query, id }) => {
          await t.kv.delete('otp:ip:127.0.0.1');
          const path = id === null ? pathOf(route.url, targets) : `/api${route.url.replace(/\{\w+\}/, encode(id))}`;
          const who = whoFor(route);
          const res = await t.request({
            method: route.method as 'POST',
            url: path + query,
            headers: { ...(who ? who.auth : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: body }),
          });
          calls += 1;
          const label = `${key} ${res.statusCode} body=${String(body).slice(0, 120)} query=${query.slice(0, 80)} id=${String(id).slice(0, 40)}`;
          if (res.statusCode >= 500) problems.push(`${label}: ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400) {
            let json: unknown;
            try {
              json = JSON.parse(res.body);
            } catch {
              problems.push(`${label}: not JSON: ${res.body.slice(0, 120)}`);
              return;
            }
            if (!deepStrict(ZErrorAnswer).safeParse(json).success) problems.push(`${label}: not the error envelope: ${res.body.slice(0, 200)}`);
            if (INTERNALS.test(res.body) || SQL_TEXT.test(res.body)) problems.push(`${label}: internals: ${res.body.slice(0, 300)}`);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(calls).toBeGreaterThanOrEqual(RUNS_PER_ROUTE * 25);
    expect(problems).toEqual([]);
  }, 240_000);

  it('a prototype name in every string field, query value and path parameter is a 4xx envelope or a normal answer, never a 500', async () => {
    // GET /api/listings?subcity=__proto__ and POST /api/listings with subcity 'constructor' were
    // 500: the subcity spellings were looked up in a plain object without an own-key check.
    const problems: string[] = [];
    let calls = 0;
    const check = async (label: string, route: RegisteredRoute, path: string, body?: Record<string, unknown>) => {
      await t.kv.delete('otp:ip:127.0.0.1');
      const who = whoFor(route);
      const res = await t.request({
        method: route.method as 'POST',
        url: path,
        headers: { ...(who ? who.auth : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: jsonText(Object.entries(body)) }),
      });
      calls += 1;
      if (res.statusCode >= 500) problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (res.statusCode >= 400 && !deepStrict(ZErrorAnswer).safeParse(JSON.parse(res.body)).success) {
        problems.push(`${label}: not the error envelope: ${res.body.slice(0, 160)}`);
      }
    };
    for (const route of fuzzed()) {
      const key = routeKey(route);
      const sample = sampleBody(key, targets);
      for (const word of PROTOTYPE_KEYS) {
        const path = pathOf(route.url, targets);
        for (const field of fieldsOf(route.body)) {
          await check(`${key} body.${field}=${word}`, route, path, { ...sample, [field]: word });
        }
        for (const field of fieldsOf(route.query)) {
          await check(`${key} ?${field}=${word}`, route, `${path}?${field}=${encode(word)}`, sample);
        }
        if (route.url.includes('{')) {
          await check(`${key} path=${word}`, route, `/api${route.url.replace(/\{\w+\}/, encode(word))}`, sample);
        }
      }
    }
    expect(calls).toBeGreaterThan(PROTOTYPE_KEYS.length * 40);
    expect(problems).toEqual([]);
  }, 240_000);

  it('found by this fuzzer: a decimal or huge price filter was sent to SQL and answered 500', async () => {
    // price_min=1.5 reached the integer column as 1.5 and PostgreSQL refused it (500); now the
    // bound is rounded inwards, and a bound past the largest price is a 400.
    const poster = await signUp(t, { userType: 'landlord', name: 'Price poster' });
    const listing = (await createLiveListing(t, poster, { price_etb: 25000 }))._id;
    const cheap = await t.request({ method: 'GET', url: '/api/listings?price_min=1.5&price_max=25000.5&limit=50' });
    expect(cheap.statusCode, cheap.body).toBe(200);
    expect(cheap.json().listings.map((l: { _id: string }) => l._id)).toContain(listing);
    const none = await t.request({ method: 'GET', url: '/api/listings?price_min=25000.5' });
    expect(none.json().listings.map((l: { _id: string }) => l._id)).not.toContain(listing);
    for (const q of ['price_max=10000000000000000000', 'price_min=99999999999', 'price_min=-1']) {
      const res = await t.request({ method: 'GET', url: `/api/listings?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().fields).toHaveProperty(q.split('=')[0]!);
    }
  });
});
