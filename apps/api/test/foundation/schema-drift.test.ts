import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database } from '../../src/db/client.ts';
import { checksumOf, migrate, MigrationChangedError } from '../../src/db/migrate.ts';
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

  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable).map((t) => getTableConfig(t));

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
    const inSchema = tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}: ${sqlType(c.getSQLType())}${c.notNull ? '' : ' null'}`)).sort();
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

  it('has the same primary keys, unique constraints and foreign keys', async () => {
    const rows = await database.sql.query<{ table: string; kind: string; columns: string[]; target: string | null }>(
      `SELECT c.relname AS table, k.contype AS kind,
              ARRAY(SELECT a.attname FROM unnest(k.conkey) AS u(n) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY a.attname)::text[] AS columns,
              t.relname AS target
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_class t ON t.oid = k.confrelid
        WHERE n.nspname = current_schema() AND k.contype IN ('p', 'u', 'f') AND c.relname <> 'schema_migrations'`,
    );
    const key = (table: string, kind: string, columns: string[], target?: string) =>
      `${table} ${kind}(${[...columns].sort().join(',')})${target ? ` -> ${target}` : ''}`;
    const inDatabase = rows.map((r) => key(r.table, r.kind, r.columns, r.target ?? undefined)).sort();
    const inSchema = tables
      .flatMap((t) => [
        ...t.columns.filter((c) => c.primary).map((c) => key(t.name, 'p', [c.name])),
        ...t.primaryKeys.map((pk) =>
          key(
            t.name,
            'p',
            pk.columns.map((c) => c.name),
          ),
        ),
        ...t.columns.filter((c) => c.isUnique).map((c) => key(t.name, 'u', [c.name])),
        ...t.uniqueConstraints.map((u) =>
          key(
            t.name,
            'u',
            u.columns.map((c) => c.name),
          ),
        ),
        ...t.foreignKeys.map((fk) => {
          const ref = fk.reference();
          return key(
            t.name,
            'f',
            ref.columns.map((c) => c.name),
            getTableConfig(ref.foreignTable).name,
          );
        }),
      ])
      .sort();
    for (const kind of ['p', 'u', 'f'])
      expect(
        inSchema.some((k) => k.includes(` ${kind}(`)),
        `some ${kind} constraint`,
      ).toBe(true);
    expect(inDatabase).toEqual(inSchema);
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
  let database: Database;
  let drop: () => Promise<void>;
  let dir: string;
  // One migrated copy for these tests (each uses its own file names): the runner must work beside
  // the rows the real migrations left.
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-migrations-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (file: string, body: string) => fs.writeFileSync(path.join(dir, file), body);
  const recorded = async () =>
    new Map(
      (await database.sql.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).map((r) => [r.name, r.checksum]),
    );

  it('records the sha256 of each file it applied and refuses to start when an applied file was changed', async () => {
    write('9001_a.sql', 'CREATE TABLE drift_a (id int);');
    expect(await migrate(database, dir)).toEqual(['9001_a.sql']);
    expect((await recorded()).get('9001_a.sql')).toBe(createHash('sha256').update('CREATE TABLE drift_a (id int);').digest('hex'));
    // Nothing new: nothing applied, the recorded checksum still matches.
    expect(await migrate(database, dir)).toEqual([]);
    write('9002_b.sql', 'CREATE TABLE drift_b (id int);');
    expect(await migrate(database, dir)).toEqual(['9002_b.sql']);
    write('9001_a.sql', 'CREATE TABLE drift_a (id bigint);');
    await expect(migrate(database, dir)).rejects.toThrow(MigrationChangedError);
    await expect(migrate(database, dir)).rejects.toThrow(/9001_a\.sql was changed after it was applied/);
    // A later file is not applied past the refusal.
    write('9003_c.sql', 'CREATE TABLE drift_c (id int);');
    await expect(migrate(database, dir)).rejects.toThrow(/9001_a\.sql/);
    expect((await recorded()).has('9003_c.sql')).toBe(false);
  });

  it('takes the same file with CRLF line ends as unchanged', async () => {
    write('9011_crlf.sql', 'CREATE TABLE drift_crlf (id int);\nCREATE INDEX drift_crlf_id ON drift_crlf (id);\n');
    expect(await migrate(database, dir)).toEqual(['9011_crlf.sql']);
    write('9011_crlf.sql', 'CREATE TABLE drift_crlf (id int);\r\nCREATE INDEX drift_crlf_id ON drift_crlf (id);\r\n');
    expect(await migrate(database, dir)).toEqual([]);
  });

  it('records the checksums of a database migrated before checksums were kept, and refuses a change after that', async () => {
    // The table as the runner made it before it kept checksums.
    await database.sql.exec('ALTER TABLE schema_migrations DROP COLUMN checksum');
    expect(await migrate(database)).toEqual([]);
    const files = fs.readdirSync(path.join(import.meta.dirname, '../../migrations')).filter((f) => f.endsWith('.sql'));
    const after = await recorded();
    expect([...after.keys()].filter((name) => !name.startsWith('90')).sort()).toEqual(files.sort());
    for (const file of files) {
      const body = fs.readFileSync(path.join(import.meta.dirname, '../../migrations', file), 'utf8');
      expect(after.get(file), file).toBe(checksumOf(body));
    }
    // From now on the recorded checksum is checked: the same files pass, a changed one is refused.
    expect(await migrate(database)).toEqual([]);
    await database.sql.query("UPDATE schema_migrations SET checksum = 'x' WHERE name = $1", [files[0]]);
    await expect(migrate(database)).rejects.toThrow(new RegExp(`${files[0]!.replace('.', '\\.')} was changed`));
  });

  it('applies a file that fails not at all and names it', async () => {
    write('9021_bad.sql', 'CREATE TABLE drift_half (id int);\nSELECT no_such_column FROM drift_half;');
    await expect(migrate(database, dir)).rejects.toThrow(/Migration 9021_bad\.sql failed/);
    expect((await recorded()).has('9021_bad.sql')).toBe(false);
    const half = await database.sql.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'drift_half'`);
    expect(half).toEqual([]);
    // The database is usable afterwards and the fixed file applies.
    write('9021_bad.sql', 'CREATE TABLE drift_half (id int);');
    expect(await migrate(database, dir)).toEqual(['9021_bad.sql']);
  });
});
