/**
 * Grants or revokes the admin role on the configured database (DATABASE_URL, or the embedded one
 * in DATA_DIR):
 *   npm run admin -- grant 0911223344
 *   npm run admin -- revoke +251911223344
 * Outside demo mode the admins are exactly the phones of ADMIN_PHONES (the server makes it so at
 * start), so a grant there is refused for any other phone.
 * Exit codes: 0 done, 1 no account uses the phone or the grant is refused, 64 wrong usage, 75 the
 * embedded database is held by a running server, 78 bad environment.
 */
import { normalizePhone } from '@betoch/contracts/phone';
import type { DbOrTx } from '../db/client.ts';
import { findUserByPhone, setUserAdmin } from '../modules/users/user-rows.ts';
import { EXIT_BAD_ENV, EXIT_DATABASE_HELD, loadEnvOrSay, openTaskDatabase, runAsCommand } from './cli-start.ts';

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
  mode: 'demo' | 'production' = 'demo',
): Promise<AdminRoleResult> {
  if (action === 'grant' && mode !== 'demo' && !adminPhones.has(phone)) {
    return {
      exitCode: 1,
      message: `Outside demo mode the admins are exactly the phones in ADMIN_PHONES; ${phone} is not one. Add it there and restart the server.`,
    };
  }
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
    message += ` Note: ${phone} is listed in ADMIN_PHONES, so the role comes back at the next sign-in${mode === 'demo' ? '' : ' or server start'}; remove it there too.`;
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
  const env = loadEnvOrSay();
  if (!env) return EXIT_BAD_ENV;
  const database = await openTaskDatabase(env, 'the embedded database takes one process at a time. Stop the server first.');
  if (!database) return EXIT_DATABASE_HELD;
  try {
    const result = await changeAdminRole(database.db, args.action, args.phone, env.adminPhones, env.mode);
    (result.exitCode === 0 ? console.log : console.error)(result.message);
    return result.exitCode;
  } finally {
    await database.close();
  }
}

runAsCommand(import.meta.url, 'admin task', main);
