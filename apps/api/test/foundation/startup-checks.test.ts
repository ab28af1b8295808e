import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { RedisKvStore } from '../../src/lib/redis-kv-store.ts';
import { plainStartEnv } from '../faults/server-process.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

describe('several servers without Redis', () => {
  it('production with DATABASE_URL and no REDIS_URL is refused, naming REDIS_URL and SINGLE_SERVER', () => {
    expect(() => loadEnv({ ...PRODUCTION_ENV, DATABASE_URL })).toThrow(/REDIS_URL: is required in production with DATABASE_URL.*SINGLE_SERVER=true/);
  });

  it('starts with REDIS_URL, with SINGLE_SERVER=true, without DATABASE_URL, and in demo mode', () => {
    expect(loadEnv({ ...PRODUCTION_ENV, DATABASE_URL, REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadEnv({ ...PRODUCTION_ENV, DATABASE_URL, SINGLE_SERVER: 'true' }).databaseUrl).toBe(DATABASE_URL);
    expect(() => loadEnv({ ...PRODUCTION_ENV, DATABASE_URL, SINGLE_SERVER: 'false' })).toThrow(/REDIS_URL/);
    expect(() => loadEnv({ ...PRODUCTION_ENV, SINGLE_SERVER: 'maybe' })).toThrow(/SINGLE_SERVER/);
    expect(loadEnv(PRODUCTION_ENV).databaseUrl).toBeUndefined();
    expect(loadEnv({ DATABASE_URL }).mode).toBe('demo');
  });

  it('the server process exits non-zero with that message, before listening', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: REPO_ROOT,
      env: plainStartEnv({ ...PRODUCTION_ENV, DATABASE_URL, PORT: '0', LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(out).toMatch(/REDIS_URL: is required in production with DATABASE_URL/);
    expect(out).not.toMatch(/listening/i);
  }, 60_000);
});

describe('/api/readyz names what failed', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('answers ok with the database (and the photo store) answering', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.request({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: t.database.kind });
  });

  it('a photo store that cannot be reached: 503 naming storage only', async () => {
    // An S3 endpoint where nothing listens.
    const t = await createTestApp({
      PHOTO_STORAGE: 's3',
      S3_BUCKET: 'betoch-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    apps.push(t);
    const res = await t.request({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ ok: false, error: 'not_ready', failed: ['storage'], message: 'Not ready: storage' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a Redis that accepts connections but never answers: 503 naming redis within a few seconds', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const url = `redis://127.0.0.1:${port}`;
    const t = await createTestApp();
    apps.push(t);
    const built = await buildApp({ ...t.env, redisUrl: url }, { database: t.database, kv: new RedisKvStore(url, 'ready:'), logger: false });
    try {
      const started = Date.now();
      const res = await built.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(Date.now() - started).toBeLessThan(4000);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ failed: ['redis'], message: 'Not ready: redis' });
    } finally {
      // Closing does not wait for Redis to answer QUIT for ever: half a second per connection at most.
      const closing = Date.now();
      await built.app.close();
      expect(Date.now() - closing).toBeLessThan(3000);
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 30_000);
});
