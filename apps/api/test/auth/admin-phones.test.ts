import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../support/test-app.ts';
import { logIn, signUp, uniquePhone } from '../support/login.ts';
import { openDatabase } from '../../src/db/client.ts';
import { migratedDataDir } from '../support/migrated-data-dir.ts';
import { changeAdminRole, parseAdminRoleArgs, UsageError } from '../../src/cli/admin-role.ts';
import { serverPidPath } from '../../src/cli/server-pid-file.ts';
import { findUserByPhone, insertUser, setUserAdmin } from '../../src/modules/users/user-rows.ts';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ADMIN_A = '+251900000001';
const ADMIN_B = '+251900000002';

let t: TestApp;
beforeAll(async () => {
  // createTestApp lists ADMIN_A and ADMIN_B in ADMIN_PHONES.
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rolesOf = async (token: string) => (await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json().roles;

describe('ADMIN_PHONES', () => {
  it('gives the admin role at signup to a listed phone, typed in any form, and to no one else', async () => {
    const admin = await signUp(t, { phone: '0900 000 001', userType: 'landlord' });
    expect(admin.user.roles).toEqual(['landlord', 'admin']);
    expect(await rolesOf(admin.token)).toEqual(['landlord', 'admin']);
    const plain = await signUp(t);
    expect(plain.user.roles).toEqual(['tenant']);
  });

  it('gives the admin role at sign-in to a listed phone that lacks it', async () => {
    await signUp(t, { phone: ADMIN_B });
    const row = await findUserByPhone(t.database.db, ADMIN_B);
    await setUserAdmin(t.database.db, row!.id, false);
    const again = await logIn(t, ADMIN_B);
    expect(again.user.roles).toEqual(['tenant', 'admin']);
    expect((await findUserByPhone(t.database.db, ADMIN_B))?.isAdmin).toBe(true);
  });
});

describe('admin role command', () => {
  it('reads grant|revoke and a phone in any accepted form', () => {
    expect(parseAdminRoleArgs(['grant', '0911 22 33 44'])).toEqual({ action: 'grant', phone: '+251911223344' });
    expect(parseAdminRoleArgs(['revoke', '+251911223344'])).toEqual({ action: 'revoke', phone: '+251911223344' });
    for (const args of [[], ['grant'], ['promote', '0911223344'], ['grant', '12'], ['grant', '0911223344', 'extra']]) {
      expect(() => parseAdminRoleArgs(args)).toThrow(UsageError);
    }
  });

  it('grants and revokes on the database, which the next call sees', async () => {
    const s = await signUp(t);
    const granted = await changeAdminRole(t.database.db, 'grant', s.phone, t.env.adminPhones);
    expect(granted.exitCode).toBe(0);
    expect(granted.message).toMatch(/^Granted/);
    expect(await rolesOf(s.token)).toEqual(['tenant', 'admin']);
    expect((await changeAdminRole(t.database.db, 'grant', s.phone, t.env.adminPhones)).message).toMatch(/already an admin/);

    const revoked = await changeAdminRole(t.database.db, 'revoke', s.phone, t.env.adminPhones);
    expect(revoked.exitCode).toBe(0);
    expect(await rolesOf(s.token)).toEqual(['tenant']);
  });

  it('says so when no account uses the phone, and warns when ADMIN_PHONES would grant it back', async () => {
    const missing = await changeAdminRole(t.database.db, 'grant', uniquePhone(), t.env.adminPhones);
    expect(missing).toMatchObject({ exitCode: 1, message: expect.stringMatching(/No account uses/) });
    if (!(await findUserByPhone(t.database.db, ADMIN_A))) await signUp(t, { phone: ADMIN_A });
    const listed = await changeAdminRole(t.database.db, 'revoke', ADMIN_A, t.env.adminPhones);
    expect(listed.message).toMatch(/listed in ADMIN_PHONES/);
  });

  it('runs as `npm run admin -- grant <phone>` on the embedded database in DATA_DIR', async () => {
    const dataDir = migratedDataDir('betoch-admin-');
    const phone = '+251922334455';
    try {
      const db = await openDatabase({ dataDir });
      await insertUser(db.db, { phone, name: 'Selam', email: null, userType: 'tenant', agencyName: null, isAdmin: false });
      await db.close();

      const env = { ...process.env, DATA_DIR: dataDir, APP_MODE: 'demo', ADMIN_PHONES: '', DATABASE_URL: '' };
      const granted = await run('npm', ['run', '-s', 'admin', '--', 'grant', '0922 33 44 55'], { cwd: REPO_ROOT, env });
      expect(granted.stdout).toContain(`Granted the admin role to ${phone} (Selam)`);

      // A server holding the same DATA_DIR (its pid file names a live process) makes it refuse.
      fs.writeFileSync(serverPidPath(dataDir), String(process.ppid));
      const refused = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/admin-role.ts', 'revoke', phone], { cwd: REPO_ROOT, env }).catch(
        (e: unknown) => e as { code: number; stderr: string },
      );
      expect(refused).toMatchObject({ code: 75 });
      expect((refused as { stderr: string }).stderr).toMatch(/is running on/);
      fs.unlinkSync(serverPidPath(dataDir));

      const check = await openDatabase({ dataDir });
      expect((await findUserByPhone(check.db, phone))?.isAdmin).toBe(true);
      await check.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  // It hung on PostgreSQL: the migration lock held the only connection of a one-connection pool.
  it.runIf(TEST_DATABASE_URL)(
    'runs as `npm run admin -- grant <phone>` on PostgreSQL (DATABASE_URL) and answers',
    async () => {
      const s = await signUp(t);
      const env = { ...process.env, DATABASE_URL: t.databaseUrl, APP_MODE: 'demo', ADMIN_PHONES: '' };
      const granted = await run('npm', ['run', '-s', 'admin', '--', 'grant', s.phone], { cwd: REPO_ROOT, env, timeout: 45_000 });
      expect(granted.stdout).toContain(`Granted the admin role to ${s.phone}`);
      expect(await rolesOf(s.token)).toEqual(['tenant', 'admin']);
    },
    60_000,
  );
});
