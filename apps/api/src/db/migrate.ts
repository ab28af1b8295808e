import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../config/api-root.ts';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.join(apiRoot(), 'migrations');
const MIGRATION_LOCK_KEY = 727_001;

export class MigrationChangedError extends Error {}

/** A file's SHA-256, taken over its text with LF line ends (a checkout with CRLF is the same file). */
export const checksumOf = (body: string) => createHash('sha256').update(body.replace(/\r\n/g, '\n')).digest('hex');

/**
 * Applies apps/api/migrations/*.sql in name order, each once, each in its own transaction, and
 * records each file's SHA-256. A file that was applied and has changed since stops the start: an
 * applied migration is never edited, a new one is added. A database migrated before checksums were
 * kept gets them recorded from the files as they are. The same files run on PGlite and on
 * PostgreSQL; an advisory lock keeps several starting processes from applying the same file twice.
 * Why the project has its own runner: docs/decisions/0007-migration-runner.md.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.withLock(MIGRATION_LOCK_KEY, async () => {
    await database.sql.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());\n' +
        'ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text;',
    );
    const done = new Map(
      (await database.sql.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).map((r) => [r.name, r.checksum]),
    );
    const applied: string[] = [];
    for (const file of files) {
      const body = fs.readFileSync(path.join(dir, file), 'utf8');
      const checksum = checksumOf(body);
      if (done.has(file)) {
        const recorded = done.get(file);
        // Databases migrated before checksums were kept take the file as it is now.
        if (recorded == null) {
          await database.sql.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [checksum, file]);
        } else if (recorded !== checksum) {
          throw new MigrationChangedError(
            `Migration ${file} was changed after it was applied (recorded sha256 ${recorded.slice(0, 12)}…, file ${checksum.slice(0, 12)}…). Put the change in a new migration file instead.`,
          );
        }
        continue;
      }
      const name = file.replace(/'/g, "''");
      // One simple query is one implicit transaction on both databases: the file and its record
      // land together or not at all, and a failure leaves no connection inside an aborted BEGIN.
      try {
        await database.sql.exec(`${body}\n;INSERT INTO schema_migrations (name, checksum) VALUES ('${name}', '${checksum}');`);
      } catch (error) {
        throw new Error(`Migration ${file} failed and was not applied: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    return applied;
  });
}
