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
    /**
     * A DATA_DIR whose embedded database (its `pg` folder) is migrated and empty: real server
     * processes and command-line tasks start from a copy of it instead of creating and migrating
     * a database of their own (see migrated-data-dir.ts). Made in both runs: servers started
     * without DATABASE_URL use the embedded database even in the PostgreSQL run.
     */
    pgliteTemplateDataDir: string;
  }
}

/**
 * Runs once per `vitest run`, before any API test file: migrates one database and keeps it as the
 * template every test file copies, instead of each of the ~60 files running every migration.
 * PGlite: the migrated data folder is dumped to a tar file and each file loads it. PostgreSQL:
 * `CREATE DATABASE … TEMPLATE` copies a migrated database at the file level. The same migrated
 * embedded database is also kept as a data folder, which real server processes start from.
 */
export default async function setup(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-template-'));
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  const tar = await migratedPgliteFiles();
  const dataDir = path.join(folder, 'data-dir');
  // Opening a data folder with these files writes them out: DATA_DIR/pg, as the server keeps it.
  await (await openPglite({ dataDir, loadDataDir: tar })).close();
  project.provide('pgliteTemplateDataDir', dataDir);

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
      removeFolder();
    };
  }
  const file = path.join(folder, 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplateName', '');
  return removeFolder;
}

/** The files of a migrated, empty embedded database (a tar, as PGlite dumps and loads them). */
async function migratedPgliteFiles(): Promise<Blob> {
  const database = await openPglite();
  await migrate(database);
  const tar = await database.dumpDataDir();
  await database.close();
  return tar;
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
