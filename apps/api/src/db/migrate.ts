import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies apps/api/migrations/*.sql in name order, each once, each in its own transaction.
 * The same files run on PGlite and on PostgreSQL; an advisory lock keeps several starting
 * processes from applying the same file twice.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.withLock(MIGRATION_LOCK_KEY, async () => {
    await database.sql.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await database.sql.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const body = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await database.sql.exec(`BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
      applied.push(file);
    }
    return applied;
  });
}
