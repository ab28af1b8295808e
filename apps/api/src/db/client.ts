import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction, so a service can group calls atomically. */
export type DbOrTx = Db | Tx;

/** Plain SQL access for migrations and health checks. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlRunner;
  /** Runs fn while holding a session-level advisory lock (migrations across several processes). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PostgreSQL only: the pool's connections (all, idle) and the queries waiting for one (/metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… ; when absent the embedded database is used. */
  url?: string;
  /** Directory of the embedded database; absent means in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  searchPath?: string;
  poolSize?: number;
  /** Embedded database only: start from these files (a tar made by dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
}

/** The embedded database can also write its files out as one tar (the tests' template). */
export interface EmbeddedDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/** The PostgreSQL major the embedded engine writes (PGlite 0.5 is PostgreSQL 18). */
const EMBEDDED_MAJOR = '18';

/**
 * A data folder written by an older embedded engine cannot be opened by this one (its files are
 * another PostgreSQL major's): stop with what to do, rather than PGlite's bare start failure.
 */
function refuseOlderEmbeddedData(folder: string): void {
  const versionFile = path.join(folder, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) return;
  const major = fs.readFileSync(versionFile, 'utf8').trim();
  if (major === EMBEDDED_MAJOR) return;
  throw new Error(
    `The embedded database in ${folder} was written by PostgreSQL ${major}; this release embeds PostgreSQL ${EMBEDDED_MAJOR} and cannot open it. ` +
      'Copy its data out with the release that wrote it (docs/deploy.md, "Moving the embedded database to a new engine"), or move the folder aside to start empty.',
  );
}

/** Whether DATA_DIR holds an embedded database already (a first start creates it). */
export const embeddedDatabaseExists = (dataDir: string) => fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'));

export async function openPglite({ dataDir, loadDataDir }: OpenDatabaseOptions = {}): Promise<EmbeddedDatabase> {
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    refuseOlderEmbeddedData(path.join(dataDir, 'pg'));
    client = new PGlite(path.join(dataDir, 'pg'), { loadDataDir });
  } else {
    client = new PGlite({ loadDataDir });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    sql: {
      exec: async (sql) => {
        await client.exec(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
    },
    // One connection, and PGlite runs one statement at a time: a lock is the process itself.
    withLock: async (_key, fn) => fn(),
    close: () => client.close(),
    dumpDataDir: async () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    // withLock holds one connection for the lock while the work runs on another: never fewer than 2.
    max: Math.max(2, options.poolSize ?? 10),
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight still fail loudly.
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    sql: {
      exec: async (sql) => {
        await pool.query(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    withLock: async (key, fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
