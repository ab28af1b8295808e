import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';

/**
 * The version of everything browse and the public listing page show (migration 0007): triggers
 * bump it, at commit, on every change of a listing (any writer, any module) and of a poster's
 * standing or shown name. An answer cached at one version is served only while the version is
 * the same.
 *
 * - PostgreSQL: read from the listings_version row on every call, so every process (REDIS_URL or
 *   not) sees a change the moment it is committed. One primary-key read of one row.
 * - Embedded database (one process holds it): the trigger's notification reaches this process
 *   while the committing statement's answer is read, before its promise resolves, so a counter
 *   in memory is already moved when the write call answers. No query per call.
 *
 * `current()` answers null while the version is not known (the listener is not set up yet):
 * callers then build their answer without the cache.
 */
export interface ListingsVersion {
  current(): Promise<string | null>;
}

export const LISTINGS_CHANGED_CHANNEL = 'betoch_listings_changed';

export function listingsVersion(database: Database, log: FastifyBaseLogger): ListingsVersion {
  if (database.kind === 'postgres') {
    return {
      async current() {
        const [row] = await database.sql.query<{ v: string }>('SELECT v::text AS v FROM listings_version');
        return row?.v ?? null;
      },
    };
  }
  let counter = 0;
  let listening = false;
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  if (client) {
    client
      .listen(LISTINGS_CHANGED_CHANNEL, () => {
        counter += 1;
      })
      .then(() => {
        listening = true;
      })
      .catch((error: unknown) => log.warn({ err: error }, 'listings version: no notifications, answers are not cached'));
  }
  // A process-wide prefix: versions of two runs never meet (the caches live in one process anyway).
  const run = Date.now().toString(36);
  return {
    async current() {
      return listening ? `${run}.${counter}` : null;
    },
  };
}
