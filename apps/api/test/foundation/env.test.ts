import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONES, EnvError, loadEnv } from '../../src/config/env.ts';

describe('loadEnv', () => {
  it('runs the demo out of the box', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ mode: 'demo', port: 8080, host: '0.0.0.0', bodyLimitBytes: 262_144, redisKeyPrefix: 'betoch:', trustProxy: false });
    expect(env.dataDir).toBe(path.resolve('data'));
    expect([...env.adminPhones].join(',')).toBe(DEMO_ADMIN_PHONES);
    expect(env.sms).toBeUndefined();
  });

  it('reads a relative DATA_DIR from the folder the command was typed in (INIT_CWD)', () => {
    expect(loadEnv({ INIT_CWD: '/srv/betoch', DATA_DIR: './data' }).dataDir).toBe('/srv/betoch/data');
    expect(loadEnv({ INIT_CWD: '/srv/betoch', DATA_DIR: '/var/lib/betoch' }).dataDir).toBe('/var/lib/betoch');
  });

  it('normalises ADMIN_PHONES and ignores empty values', () => {
    const env = loadEnv({ ADMIN_PHONES: ' 0911 22 33 44 ,+251711223344,, ', PORT: '' });
    expect([...env.adminPhones]).toEqual(['+251911223344', '+251711223344']);
    expect(env.port).toBe(8080);
  });

  it('reads TRUST_PROXY as off, on, a number of hops, or proxy addresses', () => {
    expect(loadEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const hops = loadEnv({ TRUST_PROXY: '2' }).trustProxy as (a: string, i: number) => boolean;
    expect([0, 1, 2].map((i) => hops('10.0.0.1', i))).toEqual([true, true, false]);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8,192.168.1.1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
  });

  it('stops with every bad value named at once', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', TRUST_PROXY: 'maybe; rm -rf', REDIS_KEY_PREFIX: 'a b' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY', 'REDIS_KEY_PREFIX']) expect(message).toContain(`${key}:`);
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadEnv({ APP_MODE: 'staging' })).toThrow(/APP_MODE/);
  });
});
