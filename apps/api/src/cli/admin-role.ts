/**
 * Grants or revokes the admin role on the configured database (DATABASE_URL, or the embedded one
 * in DATA_DIR):
 *   npm run admin -- grant 0911223344
 *   npm run admin -- revoke +251911223344
 * Exit codes: 0 done, 1 no account uses the phone, 64 wrong usage, 75 the embedded database is
 * held by a running server, 78 bad environment.
 */
import { pathToFileURL } from 'node:url';
import { normalizePhone } from '@betoch/contracts/phone';
import { EnvError, loadEnv } from '../config/env.ts';
import type { DbOrTx } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { findUserByPhone, setUserAdmin } from '../modules/users/users.repository.ts';
import { runningServerPid, serverPidPath } from './server-pid-file.ts';

export const USAGE = 'Usage: npm run admin -- grant|revoke <phone>';

export type AdminRoleAction = 'grant' | 'revoke';

export class UsageError extends Error {}

export function parseAdminRoleArgs(args: string[]): { action: AdminRoleAction; phone: string } {
  const [action, rawPhone, ...rest] = args;
  if ((action !== 'grant' && action !== 'revoke') || !rawPhone || rest.length) throw new UsageError(USAGE);
  const phone = normalizePhone(rawPhone);
  if (!phone) throw new UsageError(`'${rawPhone}' is not a phone number.\n${USAGE}`);
  return { action, phone };
}

export interface AdminRoleResult {
  exitCode: 0 | 1;
  message: string;
}

/** Sets is_admin on the account of this (normalised) phone. Roles are read on every call, so it applies at once. */
export async function changeAdminRole(
  db: DbOrTx,
  action: AdminRoleAction,
  phone: string,
  adminPhones: ReadonlySet<string>,
): Promise<AdminRoleResult> {
  const user = await findUserByPhone(db, phone);
  if (!user) return { exitCode: 1, message: `No account uses ${phone}. The person must sign up first.` };
  const wanted = action === 'grant';
  const who = user.name ? `${phone} (${user.name})` : phone;
  if (user.isAdmin === wanted) {
    return { exitCode: 0, message: `${who} ${wanted ? 'is already an admin' : 'is not an admin'}; nothing changed.` };
  }
  await setUserAdmin(db, user.id, wanted);
  let message = wanted ? `Granted the admin role to ${who}.` : `Revoked the admin role from ${who}.`;
  if (!wanted && adminPhones.has(phone)) {
    message += ` Note: ${phone} is listed in ADMIN_PHONES, so the role comes back at the next sign-in; remove it there too.`;
  }
  return { exitCode: 0, message };
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseAdminRoleArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 64;
  }
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  if (!env.databaseUrl) {
    const pid = runningServerPid(env.dataDir);
    if (pid) {
      console.error(
        `A Betoch server (pid ${pid}) is running on ${env.dataDir}; the embedded database takes one process at a time.\n` +
          `Stop the server first. If no server runs, delete ${serverPidPath(env.dataDir)}.`,
      );
      return 75;
    }
  }
  const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl, poolSize: 1 } : { dataDir: env.dataDir });
  try {
    await migrate(database);
    const result = await changeAdminRole(database.db, args.action, args.phone, env.adminPhones);
    (result.exitCode === 0 ? console.log : console.error)(result.message);
    return result.exitCode;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('admin task failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
