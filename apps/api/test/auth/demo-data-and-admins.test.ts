import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { DEMO_ADMIN_PHONES, EnvError, loadEnv } from '../../src/config/env.ts';
import type { Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { changeAdminRole } from '../../src/cli/admin-role.ts';
import { findUserByPhone, insertUser } from '../../src/modules/users/user-rows.ts';
import { openTestDatabase, RecordingSmsSender } from '../support/test-app.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';

const LISTED = '+251900000031';
const CLI_MADE = '+251900000032';
const [DEMO_ADMIN] = DEMO_ADMIN_PHONES.split(',');

function productionEnv(extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'test',
    ...PRODUCTION_ENV,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    DATA_DIR: '/nonexistent-data-dir',
    ...extra,
  };
}

interface Opened {
  database: Database;
  drop: () => Promise<void>;
  built?: BuiltApp;
}

const opened: Opened[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.built?.app.close();
    await o.database.close();
    await o.drop();
  }
});

async function freshDatabase(): Promise<Opened> {
  const o: Opened = await openTestDatabase();
  opened.push(o);
  await migrate(o.database);
  return o;
}

async function start(o: Opened, env: ReturnType<typeof loadEnv>) {
  o.built = await buildApp(env, { database: o.database, sms: new RecordingSmsSender(), logger: false });
  return o.built;
}

async function count(database: Database, table: string): Promise<number> {
  const [row] = await database.sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(row?.n);
}

async function person(database: Database, phone: string, isAdmin: boolean) {
  const user = await insertUser(database.db, { phone, name: 'Someone', email: null, userType: 'tenant', agencyName: null, isAdmin });
  return user!;
}

describe('demo data only in demo mode', () => {
  it('production refuses SEED_DEMO=true with a message naming it, and seeds nothing by default', () => {
    expect(() => loadEnv(productionEnv({ SEED_DEMO: 'true' }))).toThrow(EnvError);
    expect(() => loadEnv(productionEnv({ SEED_DEMO: 'yes' }))).toThrow(/SEED_DEMO: the demo market is for demo mode only/);
    expect(loadEnv(productionEnv()).seedDemo).toBe(false);
    expect(loadEnv(productionEnv({ SEED_DEMO: 'false' })).seedDemo).toBe(false);
    expect(loadEnv({}).seedDemo).toBe(true);
    expect(loadEnv({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('a production start on an empty database has no listings and no accounts', async () => {
    const o = await freshDatabase();
    const { app } = await start(o, loadEnv(productionEnv()));
    const browse = await app.inject({ method: 'GET', url: '/api/listings' });
    expect(browse.statusCode).toBe(200);
    expect(browse.json().listings).toEqual([]);
    expect(await count(o.database, 'users')).toBe(0);
    expect(await count(o.database, 'listings')).toBe(0);
  });

  it("production has no demo calls: a phone's wait for its next code cannot be ended", async () => {
    const o = await freshDatabase();
    const { app } = await start(o, loadEnv(productionEnv()));
    const ended = await app.inject({ method: 'POST', url: '/api/demo/otp-cooldown/end', payload: { phone: '0911223344' } });
    expect(ended.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/demo/sms' })).statusCode).toBe(404);
  });

  it('even a production environment built by hand with seedDemo on seeds nothing', async () => {
    const o = await freshDatabase();
    await start(o, { ...loadEnv(productionEnv()), seedDemo: true });
    expect(await count(o.database, 'users')).toBe(0);
    expect(await count(o.database, 'listings')).toBe(0);
  });

  it('production refuses a database the demo seed once filled', async () => {
    const o = await freshDatabase();
    const tenant = await person(o.database, '+251900000033', false);
    await o.database.sql.query(`INSERT INTO ledger_entries (user_id, account, delta, balance_after, kind) VALUES ($1, 'credits', 10, 10, 'demo_seed')`, [
      tenant.id,
    ]);
    await expect(start(o, loadEnv(productionEnv()))).rejects.toThrow(/holds the demo market.*fresh database/);
  });
});

describe('outside demo mode, ADMIN_PHONES is the only source of admins', () => {
  it('a production start removes the role from every account not listed, and gives it to the listed ones', async () => {
    const o = await freshDatabase();
    await person(o.database, DEMO_ADMIN!, true);
    await person(o.database, CLI_MADE, true);
    await person(o.database, LISTED, false);
    await start(o, loadEnv(productionEnv({ ADMIN_PHONES: LISTED })));
    expect((await findUserByPhone(o.database.db, DEMO_ADMIN!))?.isAdmin).toBe(false);
    expect((await findUserByPhone(o.database.db, CLI_MADE))?.isAdmin).toBe(false);
    expect((await findUserByPhone(o.database.db, LISTED))?.isAdmin).toBe(true);
  });

  it('without ADMIN_PHONES a production start leaves no admin, and the demo admins are not admins there', async () => {
    const o = await freshDatabase();
    await person(o.database, DEMO_ADMIN!, true);
    const env = loadEnv(productionEnv());
    expect(env.adminPhones.size).toBe(0);
    await start(o, env);
    expect(await count(o.database, 'users WHERE is_admin')).toBe(0);
  });

  it('the admin command grants only listed phones outside demo mode; demo mode grants anyone', async () => {
    const o = await freshDatabase();
    await person(o.database, CLI_MADE, false);
    const listed = new Set([LISTED]);
    const refused = await changeAdminRole(o.database.db, 'grant', CLI_MADE, listed, 'production');
    expect(refused.exitCode).toBe(1);
    expect(refused.message).toMatch(/ADMIN_PHONES/);
    expect((await findUserByPhone(o.database.db, CLI_MADE))?.isAdmin).toBe(false);
    expect((await changeAdminRole(o.database.db, 'grant', CLI_MADE, listed, 'demo')).exitCode).toBe(0);
    expect((await findUserByPhone(o.database.db, CLI_MADE))?.isAdmin).toBe(true);
    expect((await changeAdminRole(o.database.db, 'revoke', CLI_MADE, listed, 'production')).exitCode).toBe(0);
  });
});
