import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrate, MigrationChangedError } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';
import { openTestDatabase } from '../support/test-app.ts';

/** The Drizzle schema (what the code believes) and the migrated database (what is there) agree. */
describe('the Drizzle schema and the migrated database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const tables = (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => v instanceof PgTable)
    .map((t) => getTableConfig(t));

  it('knows every table the migrations made, and the migrations made every table it knows', async () => {
    const rows = await database.sql.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual(tables.map((t) => t.name).sort());
  });

  it('has the same columns, types and nullability in every table', async () => {
    const rows = await database.sql.query<{ table: string; column: string; type: string; nullable: boolean }>(
      `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
    );
    const inDatabase = rows
      .filter((r) => r.table !== 'schema_migrations')
      .map((r) => `${r.table}.${r.column}: ${r.type}${r.nullable ? ' null' : ''}`)
      .sort();
    const inSchema = tables
      .flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}: ${sqlType(c.getSQLType())}${c.notNull ? '' : ' null'}`))
      .sort();
    expect(inDatabase).toEqual(inSchema);
  });

  it('has every index the schema declares, with the same columns and uniqueness', async () => {
    const rows = await database.sql.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema()
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
    );
    const defs = new Map(rows.map((r) => [r.name, r.def]));
    const declared = tables.flatMap((t) => t.indexes.map((i) => ({ table: t.name, config: i.config })));
    // Both ways: no index the code does not know of (constraints' own indexes aside).
    expect(rows.map((r) => r.name).sort()).toEqual(declared.map((d) => d.config.name!).sort());
    for (const { table, config } of declared) {
      const def = defs.get(config.name!);
      expect(def, `index ${config.name} on ${table}`).toBeDefined();
      expect(def!.startsWith(config.unique ? 'CREATE UNIQUE INDEX' : 'CREATE INDEX'), `${config.name} uniqueness`).toBe(true);
      for (const col of config.columns) {
        if ('name' in col && typeof col.name === 'string') expect(def, `${config.name} covers ${col.name}`).toContain(col.name);
      }
    }
  });
});

/** The names Drizzle writes and the ones PostgreSQL's format_type answers differ only in spelling. */
function sqlType(drizzleType: string): string {
  return drizzleType
    .replace(/^timestamp\s*(\(\d+\))?\s*with time zone$/, 'timestamp$1 with time zone')
    .replace(/^timestamp\s*(\(\d+\))?$/, 'timestamp$1 without time zone')
    .replace(/^varchar/, 'character varying')
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^double precision$/, 'double precision');
}

describe('the migration runner', () => {
  it('records each file it applied and refuses to start when an applied file was changed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-migrations-'));
    fs.writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE drift_a (id int);');
    const database = await openDatabase({});
    try {
      expect(await migrate(database, dir)).toEqual(['0001_a.sql']);
      // Nothing new: nothing applied, the recorded checksum still matches.
      expect(await migrate(database, dir)).toEqual([]);
      fs.writeFileSync(path.join(dir, '0002_b.sql'), 'CREATE TABLE drift_b (id int);');
      expect(await migrate(database, dir)).toEqual(['0002_b.sql']);
      fs.writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE drift_a (id bigint);');
      await expect(migrate(database, dir)).rejects.toThrow(MigrationChangedError);
      await expect(migrate(database, dir)).rejects.toThrow(/0001_a\.sql was changed after it was applied/);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
