import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';

/**
 * Real server processes for the fault tests and the soak script: `node --import tsx
 * apps/api/src/main.ts` (or the built apps/api/dist/main.js, as `npm start` runs it), plus a small HTTP client that signs up through the
 * demo-mode codes. Each client sends its own X-Forwarded-For address (the servers run with
 * TRUST_PROXY=true), so many users can sign up without meeting the per-IP code limit.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  /** Exit code (null when killed by a signal) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/**
 * The environment of a plain `npm start` on this machine, without anything pointing at shared
 * services or at the tests' own settings (database, Redis, secrets, admins, mode, data folder), no
 * web build and no demo data; `extra` on top.
 */
export function plainStartEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'REDIS_URL',
    'REDIS_KEY_PREFIX',
    'TEST_DATABASE_URL',
    'JWT_SECRET',
    'APP_MODE',
    'ADMIN_PHONES',
    'NODE_OPTIONS',
    'VITEST',
    'INIT_CWD',
    'DATA_DIR',
  ]) {
    delete env[key];
  }
  return { ...env, SEED_DEMO: 'false', HOST: '127.0.0.1', WEB_DIST: '/nonexistent-web-dist', ...extra };
}

/** The server as TypeScript through tsx (`npm run dev`), or `built` as `npm start` runs it (apps/api/dist, `npm run build:api`). */
export function startServer(port: number, extra: Record<string, string>, { built = false } = {}): ServerProcess {
  const child = spawn(process.execPath, built ? ['apps/api/dist/main.js'] : ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: plainStartEnv({ APP_MODE: 'demo', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ...extra, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString();
    // Only the tail matters for a failure message; request logs of a burst can be long.
    if (out.length > 4_000_000) out = out.slice(-2_000_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

export async function waitReady(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited early:\n${server.output().slice(-4000)}`);
    }
    try {
      const res = await fetch(`${server.base}/api/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready:\n${server.output().slice(-4000)}`);
}

/**
 * Starts a server on a free port and waits until it answers. A port taken between the choice and
 * the listen (EADDRINUSE: another process, or a client socket of a burst) means another port.
 */
export async function startReady(extra: Record<string, string>, track?: ServerProcess[], options: { built?: boolean } = {}): Promise<ServerProcess> {
  for (let tries = 1; ; tries++) {
    const server = startServer(await freePort(), extra, options);
    track?.push(server);
    try {
      await waitReady(server);
      return server;
    } catch (error) {
      if (tries >= 3 || !server.output().includes('EADDRINUSE')) throw error;
    }
  }
}

/** SIGTERM and wait for the exit (SIGKILL after `timeoutMs`). */
export async function stopServer(server: ServerProcess, timeoutMs = 30_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/** Resident memory of a process in MB (Linux), or NaN. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) a process has used so far, in seconds (Linux), or NaN. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which is in brackets and may hold spaces): utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many routes
  body: any;
}

/** One client: an address of its own (X-Forwarded-For) and, once signed in, a token. */
export class ApiClient {
  token?: string;
  phone?: string;
  constructor(
    readonly base: string,
    readonly ip: string,
  ) {}

  /** The same user (token, phone, address) talking to another server. */
  on(server: ServerProcess): ApiClient {
    const moved = new ApiClient(server.base, this.ip);
    moved.token = this.token;
    moved.phone = this.phone;
    return moved;
  }

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed };
  }

  async expectOk(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer['body']> {
    const res = await this.call(method, url, body, headers);
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Request a code (demo mode answers it) and sign up. */
  async signUp(phone: string, userType: 'tenant' | 'landlord' | 'delala', name = `Fault ${userType}`): Promise<void> {
    const otp = await this.expectOk('POST', '/api/auth/request-otp', { phone });
    const session = await this.expectOk('POST', '/api/auth/signup', {
      phone,
      code: otp.code,
      name,
      userType,
      acceptTerms: true,
      ...(userType === 'delala' ? { agencyName: 'Fault Agency' } : {}),
    });
    this.token = session.token as string;
    this.phone = phone;
  }

  /** Request a code and sign in an existing account. */
  async signIn(phone: string): Promise<void> {
    const otp = await this.expectOk('POST', '/api/auth/request-otp', { phone });
    const session = await this.expectOk('POST', '/api/auth/verify-otp', { phone, code: otp.code });
    this.token = session.token as string;
    this.phone = phone;
  }

  async uploadPhoto(jpeg: Buffer): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${this.base}/api/uploads`, {
      method: 'POST',
      headers: { 'x-forwarded-for': this.ip, authorization: `Bearer ${this.token}` },
      body: form,
    });
    const body = (await res.json()) as { key?: string };
    if (res.status !== 201 || !body.key) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    return body.key;
  }

  /** A draft with one photo (ready to publish); answers its id. */
  async createDraft(title: string, photo: Buffer, contact: 'show' | 'hide' = 'show'): Promise<string> {
    const created = await this.expectOk('POST', '/api/listings', {
      title,
      description: 'A bright home near the main road with water tank, parking and a guard.',
      type: 'apartment',
      price_etb: 18000,
      bedrooms: 2,
      bathrooms: 1,
      area_sqm: 80,
      specific_location: 'Near Bole Atlas',
      subcity: 'Bole',
      contact_preference: contact,
    });
    const id = created.listing._id as string;
    await this.expectOk('PATCH', `/api/listings/${id}`, { photos: [await this.uploadPhoto(photo)] });
    return id;
  }
}

/** A distinct Ethiopian mobile number per (run, n). */
export function phoneFor(run: number, n: number): string {
  return `+2519${String((run % 100) * 1_000_000 + n)
    .padStart(8, '0')
    .slice(-8)}`;
}

/** A distinct client address per n (10.x.y.z). */
export function ipFor(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A small real JPEG; each seed gives another picture. */
export async function testJpeg(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64">
<rect width="96" height="64" fill="hsl(${(seed * 47) % 360},60%,60%)"/>
<circle cx="${20 + (seed % 50)}" cy="32" r="${8 + (seed % 16)}" fill="hsl(${(seed * 91) % 360},60%,30%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/**
 * A scratch PostgreSQL database of its own (created here, dropped by `drop`): empty, or a copy of
 * `template` (a migrated database, so the server finds every migration applied).
 */
export async function scratchPostgres(serverUrl: string, label: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `betoch_${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
