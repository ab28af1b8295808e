import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPglite } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database (a tar of its files) that each test file starts from. */
    pgliteTemplatePath: string;
    /** With TEST_DATABASE_URL: a migrated, empty PostgreSQL database each test file copies. */
    postgresTemplateName: string;
  }
}

/**
 * Runs once per `vitest run`, before any API test file: migrates one database and keeps it as the
 * template every test file copies, instead of each of the ~60 files running every migration.
 * PGlite: the migrated data folder is dumped to a tar file and each file loads it. PostgreSQL:
 * `CREATE DATABASE … TEMPLATE` copies a migrated database at the file level.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `betoch_tpl_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
    await migrate(database);
    await database.close();
    project.provide('postgresTemplateName', name);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    };
  }
  const database = await openPglite();
  await migrate(database);
  const tar = await database.dumpDataDir();
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-template-')), 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplateName', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
