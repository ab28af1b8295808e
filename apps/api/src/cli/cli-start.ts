/**
 * What every command (the server, `npm run admin`, `payments:reconcile`, `photos:migrate`) does
 * first: read the environment, and for the tasks, open and migrate the configured database unless a
 * running server holds the embedded one. Exit codes follow sysexits: 78 a bad environment, 75 the
 * embedded database is held by a server.
 */
import { pathToFileURL } from 'node:url';
import { EnvError, loadEnv, type Env } from '../config/env.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { runningServerPid, serverPidPath } from './server-pid-file.ts';

export const EXIT_BAD_ENV = 78;
export const EXIT_DATABASE_HELD = 75;

/** The environment, or undefined once what is wrong with it has been printed. */
export function loadEnvOrSay(): Env | undefined {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    return undefined;
  }
}

/**
 * The configured database, migrated; undefined once it has said that a running server holds the
 * embedded one (`whileServerRuns` tells the person what to do instead).
 */
export async function openTaskDatabase(env: Env, whileServerRuns: string): Promise<Database | undefined> {
  if (!env.databaseUrl) {
    const pid = runningServerPid(env.dataDir);
    if (pid) {
      console.error(
        `A Betoch server (pid ${pid}) is running on ${env.dataDir}; ${whileServerRuns}\n` + `If no server runs, delete ${serverPidPath(env.dataDir)}.`,
      );
      return undefined;
    }
  }
  const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl, poolSize: 2 } : { dataDir: env.dataDir });
  await migrate(database);
  return database;
}

/** Runs a command's main when the file is the one node was started with, and exits with its code. */
export function runAsCommand(moduleUrl: string, name: string, main: () => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name} failed:`, error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
