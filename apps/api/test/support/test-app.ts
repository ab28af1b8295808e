import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadEnv, type Env } from '../../src/config/env.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { MemoryKvStore } from '../../src/lib/kv-store.ts';
import type { SmsSender } from '../../src/modules/auth/sms/sms-sender.ts';
import { adminQuery, withDatabase } from './template-database.global.ts';

/** A whole sign-in code. */
export const WHOLE_CODE = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** A sign-in code inside a text message. */
export const CODE_IN_TEXT = new RegExp(`\\b(\\d{${OTP_LENGTH}})\\b`);

/** Records what would have been sent by SMS. */
export class RecordingSmsSender implements SmsSender {
  readonly name = 'recording';
  readonly sent: Array<{ phone: string; text: string }> = [];
  async send(phone: string, text: string) {
    this.sent.push({ phone, text });
  }
  lastCodeFor(phone: string): string | undefined {
    const msg = [...this.sent].reverse().find((m) => m.phone === phone);
    return msg ? CODE_IN_TEXT.exec(msg.text)?.[1] : undefined;
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
  /** On PostgreSQL: this test file's own database, for a second connection pool. */
  databaseUrl?: string;
  env: Env;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The migrated template's files, read once per test worker (see template-database.global.ts). */
let pgliteTemplate: Blob | undefined;
function pgliteTemplateFiles(): Blob {
  pgliteTemplate ??= new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]);
  return pgliteTemplate;
}

/**
 * Opens a fresh database, already migrated: in-memory PGlite loaded from the template's files, or,
 * with TEST_DATABASE_URL, a new database copied from the template database (dropped on close), so
 * test files never see each other's rows. `url` is set on PostgreSQL, for a second connection.
 */
export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({ loadDataDir: pgliteTemplateFiles() });
    return { database, drop: async () => undefined };
  }
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await adminQuery(TEST_DATABASE_URL, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateName')}`);
  const url = withDatabase(TEST_DATABASE_URL, name);
  const database = await openDatabase({ url, poolSize: 20 });
  return {
    database,
    url,
    drop: () => adminQuery(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
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
    // The API document's own tests read it as anyone; api-docs-and-unknown-paths.test.ts tests the default (admins only).
    API_DOCS_PUBLIC: 'true',
    // The demo's built-in bot only where a test asks for it (the tests of Telegram hidden without a token).
    TELEGRAM_DEMO: 'false',
    ...envOverrides,
  });
  const { database, url: databaseUrl, drop } = await openTestDatabase();
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
    databaseUrl,
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
