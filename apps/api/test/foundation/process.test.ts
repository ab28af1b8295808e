import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import { freePort, plainStartEnv } from '../faults/server-process';
import { migratedDataDir } from '../support/migrated-data-dir.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PHONE = '+251944556677';

/** The fields these tests read from an answer. */
interface Answer {
  ok?: boolean;
  code?: string;
  token?: string;
  user?: Record<string, unknown>;
  [field: string]: unknown;
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

function start(extra: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: plainStartEnv({ LOG_LEVEL: 'info', ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${extra.PORT}`, output: () => out, exited };
}

async function waitReady(server: Server, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${server.base}/api/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}

async function call(server: Server, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

/**
 * Starts a POST whose body arrives in two parts: the request is in flight (headers read, body
 * pending) until `finish` sends the rest.
 */
function slowPost(server: Server, url: string, body: unknown) {
  const text = JSON.stringify(body);
  const cut = Math.floor(text.length / 2);
  const req = http.request(`${server.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
  });
  const answer = new Promise<{ status: number; body: Answer }>((resolve, reject) => {
    req.on('response', (res) => {
      let raw = '';
      res.on('data', (d: Buffer) => (raw += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(raw) as Answer }));
    });
    req.on('error', reject);
  });
  req.write(text.slice(0, cut));
  return { answer, finish: () => req.end(text.slice(cut)) };
}

describe('the server process', () => {
  let dataDir: string;
  const running: Server[] = [];
  beforeAll(() => {
    dataDir = migratedDataDir('betoch-process-');
  });
  afterAll(() => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves, finishes a call in flight on SIGTERM, exits 0, and keeps the account for the next start', async () => {
    const port = String(await freePort());
    const first = start({ DATA_DIR: dataDir, PORT: port });
    running.push(first);
    await waitReady(first);
    expect(fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(first.child.pid));

    const otp = await call(first, 'POST', '/api/auth/request-otp', { phone: '0944 55 66 77' });
    expect(otp.status).toBe(200);
    const signup = await call(first, 'POST', '/api/auth/signup', {
      phone: PHONE,
      code: otp.body.code,
      name: 'Survivor',
      userType: 'landlord',
      acceptTerms: true,
    });
    expect(signup.status).toBe(201);
    const token = signup.body.token as string;

    const inFlight = slowPost(first, '/api/auth/request-otp', { phone: '+251955667788' });
    await new Promise((r) => setTimeout(r, 200));
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(first.child.exitCode).toBeNull(); // still finishing the call
    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ ok: true, code: expect.stringMatching(new RegExp(`^\\d{${OTP_LENGTH}}$`)) });
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    const second = start({ DATA_DIR: dataDir, PORT: port });
    running.push(second);
    await waitReady(second);
    // The session from before the restart is still good (the signing secret lives in the database).
    const me = await call(second, 'GET', '/api/auth/me', undefined, token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ phone: PHONE, name: 'Survivor', userType: 'landlord' });
    const again = await call(second, 'POST', '/api/auth/request-otp', { phone: PHONE });
    const signIn = await call(second, 'POST', '/api/auth/verify-otp', { phone: PHONE, code: again.body.code });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ phone: PHONE, name: 'Survivor' });

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('refuses a bad environment value with a message naming it', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: 'abc' });
    running.push(bad);
    const code = await bad.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(bad.output()).toMatch(/PORT/);
    expect(bad.output()).not.toMatch(/\n\s+at /); // a message, not a stack
  }, 90_000);
});
