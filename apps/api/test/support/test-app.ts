import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadEnv, type Env } from '../../src/config/env.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { MemoryKvStore } from '../../src/lib/kv-store.ts';
import type { SmsSender } from '../../src/modules/auth/sms/sms-sender.ts';

/** Records what would have been sent by SMS. */
export class RecordingSmsSender implements SmsSender {
  readonly name = 'recording';
  readonly sent: Array<{ phone: string; text: string }> = [];
  async send(phone: string, text: string) {
    this.sent.push({ phone, text });
  }
  lastCodeFor(phone: string): string | undefined {
    const msg = [...this.sent].reverse().find((m) => m.phone === phone);
    return msg ? /\b(\d{6})\b/.exec(msg.text)?.[1] : undefined;
  }
}

/** A movable clock for expiry rules. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestApp extends BuiltApp {
  sms: RecordingSmsSender;
  clock: TestClock;
  kv: MemoryKvStore;
  database: Database;
  env: Env;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * Opens a fresh database: in-memory PGlite, or, with TEST_DATABASE_URL, a new schema of that
 * PostgreSQL server (dropped on close), so test files never see each other's rows.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({});
    return { database, drop: async () => undefined };
  }
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await openDatabase({ url: TEST_DATABASE_URL, searchPath: schema, poolSize: 20 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  // Photos and other files go to a fresh temporary folder, removed on close, never into the repo.
  const ownDataDir = envOverrides.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-test-'));
  const env = loadEnv({
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    NODE_ENV: 'test',
    APP_MODE: 'demo',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_PHONES: '+251900000001,+251900000002',
    WEB_DIST: '/nonexistent-web-dist',
    ...envOverrides,
  });
  const { database, drop } = await openTestDatabase();
  const sms = new RecordingSmsSender();
  const clock = new TestClock();
  const kv = new MemoryKvStore(() => clock.now().getTime());
  const built = await buildApp(env, { database, sms, kv, now: clock.now, logger: false });
  await built.app.ready();
  return {
    ...built,
    sms,
    clock,
    kv,
    database,
    env,
    request: (options) => built.app.inject(options),
    close: async () => {
      await built.app.close();
      await database.close();
      await drop();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export type { FastifyInstance };
