import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * The rows of a raw statement (db.execute). Both drivers answer { rows } (PGlite and
 * node-postgres), but drizzle types the answer per driver, so it is read here, once, and checked.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('the database driver answered no rows');
  return rows as T[];
}
