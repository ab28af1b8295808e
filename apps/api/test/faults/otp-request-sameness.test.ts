import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import type { Database } from '../../src/db/client.ts';
import { MemoryKvStore } from '../../src/lib/kv-store.ts';
import { CODE_IN_TEXT, openTestDatabase, RecordingSmsSender } from '../support/test-app.ts';

/**
 * A code request must not tell whether a phone has an account, neither by its
 * answer nor by its timing. The answers are compared exactly (production mode: no code in them).
 * The timing is proven structurally: every database statement, every key-value call and every SMS
 * of the request is recorded, and the trace for a known phone must equal the trace for an unknown
 * one (with the phone and the code written as placeholders). Interleaved wall-clock samples are
 * printed as a figure, with only a generous bound (medians within 2x), so a busy machine cannot
 * make the test flaky; the structural trace is what fails when the paths differ.
 * Always on in-memory PGlite (it records the driver's statements), so it runs in the PGlite run only.
 */
const IP = '10.77.0.1';
const KNOWN = '+251911770001';

type Trace = string[];

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('code request for a known and an unknown phone', () => {
  let built: BuiltApp;
  let database: Database;
  let dataDir: string;
  const sms = new RecordingSmsSender();
  const kv = new MemoryKvStore();
  let recording: Trace | null = null;
  let unknownCounter = 0;
  const unknownPhone = () => `+2519117${String(++unknownCounter).padStart(5, '0')}`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-otp-same-'));
    const env = loadEnv({
      NODE_ENV: 'test',
      APP_MODE: 'production',
      JWT_SECRET: 'a-test-secret-of-more-than-32-characters!',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9',
      SMS_GATEWAY_TOKEN: 'token',
      SMS_SENDER_ID: 'Betoch',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent-web-dist',
    });
    // In memory, from the migrated template (this file runs without TEST_DATABASE_URL only).
    ({ database } = await openTestDatabase());
    // Every statement the driver runs, with its parameter count (values differ per phone and code).
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const wrapQuery = (target: { query: (...a: never[]) => unknown }) => {
      const original = target.query.bind(target) as (text: string, params?: unknown[], opts?: unknown) => unknown;
      (target as { query: unknown }).query = (text: string, params?: unknown[], opts?: unknown) => {
        recording?.push(`sql ${text} [${params?.length ?? 0}]`);
        return original(text, params, opts);
      };
    };
    wrapQuery(client as never);
    const exec = client.exec.bind(client);
    client.exec = (text: string, opts?: never) => {
      recording?.push(`exec ${text}`);
      return exec(text, opts);
    };
    const transaction = client.transaction.bind(client);
    client.transaction = ((fn: (tx: never) => Promise<unknown>) =>
      transaction((tx) => {
        recording?.push('begin');
        wrapQuery(tx as never);
        return fn(tx as never);
      })) as typeof client.transaction;
    // Every key-value call (limits and cooldowns), with its key.
    for (const method of ['increment', 'setIfAbsent', 'ttl', 'delete'] as const) {
      const original = (kv[method] as (...a: unknown[]) => Promise<unknown>).bind(kv);
      (kv as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        recording?.push(`kv ${method} ${JSON.stringify(args)}`);
        return original(...args);
      };
    }
    const send = sms.send.bind(sms);
    sms.send = async (phone: string, text: string) => {
      recording?.push(`sms ${phone} ${text}`);
      return send(phone, text);
    };
    built = await buildApp(env, { database, sms, kv, logger: false });
    await built.app.ready();

    // The known phone: an account made through the real calls.
    await request(KNOWN);
    const code = sms.lastCodeFor(KNOWN);
    const signup = await built.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone: KNOWN, code, name: 'Known', userType: 'tenant', acceptTerms: true },
    });
    expect(signup.statusCode).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function request(phone: string) {
    return built.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone }, remoteAddress: IP });
  }

  /** A fresh start for the phone: its cooldown and hourly count gone, and the address's too. */
  async function forget(phone: string) {
    const keep = recording;
    recording = null;
    for (const key of [`otp:cool:${phone}`, `otp:phone:${phone}`, `otp:ip:${IP}`]) await kv.delete(key);
    recording = keep;
  }

  async function traced(phone: string) {
    await forget(phone);
    recording = [];
    const res = await request(phone);
    const trace = recording.map((line) => line.split(phone).join('<phone>').replace(new RegExp(CODE_IN_TEXT, 'g'), '<code>'));
    recording = null;
    return { status: res.statusCode, body: res.json() as unknown, headers: res.headers, trace };
  }

  it('answers exactly the same to a known and an unknown phone', async () => {
    const known = await traced(KNOWN);
    const unknown = await traced(unknownPhone());
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(known.body).toEqual({ ok: true, expires_in: 300, retry_after: 60 });

    // And the refusals too: the cooldown answer right after.
    const knownAgain = await request(KNOWN);
    const other = unknownPhone();
    await forget(other);
    await request(other);
    const unknownAgain = await request(other);
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.json()).toEqual(knownAgain.json());
  });

  it('does the same work for both: the same statements, limit keys and one SMS each', async () => {
    const known = await traced(KNOWN);
    const unknown = await traced(unknownPhone());
    expect(unknown.trace).toEqual(known.trace);
    // The trace holds the real work, not an empty recording.
    expect(known.trace.filter((l) => l.startsWith('sql ')).length).toBeGreaterThanOrEqual(2);
    expect(known.trace.filter((l) => l.startsWith('sms ')).length).toBe(1);
    expect(known.trace.some((l) => l.startsWith('kv increment') && l.includes('otp:phone:<phone>'))).toBe(true);
  });

  it('takes similar time for both (interleaved samples; the figure is printed)', async () => {
    const samples: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const time = async (kind: 'known' | 'unknown') => {
      const phone = kind === 'known' ? KNOWN : unknownPhone();
      await forget(phone);
      const started = process.hrtime.bigint();
      const res = await request(phone);
      samples[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
      expect(res.statusCode).toBe(200);
    };
    for (let i = 0; i < 10; i++) await time(i % 2 ? 'known' : 'unknown'); // warm-up, dropped
    samples.known = [];
    samples.unknown = [];
    for (let i = 0; i < 60; i++) {
      // Alternating order, so drift and GC fall on both sides alike.
      const order: Array<'known' | 'unknown'> = i % 2 ? ['known', 'unknown'] : ['unknown', 'known'];
      for (const kind of order) await time(kind);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const known = median(samples.known);
    const unknown = median(samples.unknown);
    console.log(
      `request-otp median over 60 interleaved samples: known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms (ratio ${(known / unknown).toFixed(2)})`,
    );
    expect(Math.max(known, unknown) / Math.min(known, unknown)).toBeLessThan(2);
  });
});
