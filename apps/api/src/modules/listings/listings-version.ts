import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/**
 * The version of everything browse and the public listing page show (migration 0007): triggers
 * bump it, at commit, on every change of a listing (any writer, any module, any process) and of a
 * poster's standing or shown name, and notify the channel below. An answer cached at one version
 * is served only while the version is the same.
 *
 * - Embedded database (one process holds it): the notification reaches this process while the
 *   committing statement's answer is read, before its promise resolves, so the counter in memory
 *   has moved when the write call answers. No query per call.
 * - PostgreSQL: the version row is read on a connection of its own that also LISTENs, and only
 *   when it may have moved: after any query of this process's pool has finished (a write of this
 *   process has committed before its connection goes back to the pool, so the next call sees it;
 *   exact), or when a notification came (a write of another process: seen within the time the
 *   notification takes, milliseconds). While browse calls are answered from memory, no query runs.
 *   Without the listening connection (not up yet, or lost), the row is read on every call.
 *
 * `current()` answers null while the version is not known: callers then build their answer
 * without the cache.
 */
export interface ListingsVersion {
  current(): Promise<string | null>;
  close(): Promise<void>;
}

export const LISTINGS_CHANGED_CHANNEL = 'betoch_listings_changed';
const VERSION_SQL = 'SELECT v::text AS v FROM listings_version';
const RECONNECT_MS = 1000;

export function listingsVersion(database: Database, log: FastifyBaseLogger): ListingsVersion {
  return database.kind === 'postgres' ? postgresVersion(database, log) : pgliteVersion(database, log);
}

function pgliteVersion(database: Database, log: FastifyBaseLogger): ListingsVersion {
  let counter = 0;
  let listening = false;
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  client
    ?.listen(LISTINGS_CHANGED_CHANNEL, () => {
      counter += 1;
    })
    .then(() => {
      listening = true;
    })
    .catch((error: unknown) => log.warn({ err: error }, 'listings version: no notifications, answers are not cached'));
  // Versions of two runs never meet (the caches live in one process anyway).
  const run = Date.now().toString(36);
  return {
    current: async () => (listening ? `${run}.${counter}` : null),
    close: async () => undefined,
  };
}

function postgresVersion(database: Database, log: FastifyBaseLogger): ListingsVersion {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  /** Moves on every finished query of the pool and on every notification. */
  let epoch = 0;
  pool.on('release', () => {
    epoch += 1;
  });
  let listener: pg.Client | null = null;
  let known: { version: string; epoch: number } | null = null;
  let reading: { epoch: number; promise: Promise<string | null> } | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    const client = new pg.Client(pool.options);
    const lost = (error?: unknown) => {
      if (listener === client) listener = null;
      epoch += 1;
      client.end().catch(() => undefined);
      if (closed) return;
      if (error) log.warn({ err: error }, 'listings version: listening connection lost, reading the version on every call');
      retry ??= setTimeout(() => {
        retry = undefined;
        void listen();
      }, RECONNECT_MS);
      retry.unref();
    };
    client.on('notification', () => {
      epoch += 1;
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${LISTINGS_CHANGED_CHANNEL}`);
      if (closed) {
        await client.end();
        return;
      }
      listener = client;
      epoch += 1; // changes made before the LISTEN took hold were not notified
    } catch (error) {
      lost(error);
    }
  }
  void listen();

  async function read(): Promise<string | null> {
    const from = epoch;
    const client = listener;
    // On the pool (no listener) the read itself moves the epoch: the row is read on every call.
    const result = client
      ? await client.query<{ v: string }>(VERSION_SQL).catch(() => pool.query<{ v: string }>(VERSION_SQL))
      : await pool.query<{ v: string }>(VERSION_SQL);
    const version = result.rows[0]?.v ?? null;
    if (version !== null) known = { version, epoch: from };
    return version;
  }

  return {
    async current() {
      if (known && known.epoch === epoch) return known.version;
      // A read started at this epoch covers every query finished before this call.
      if (reading && reading.epoch === epoch) return reading.promise;
      const promise = read();
      const mine = { epoch, promise };
      reading = mine;
      try {
        return await promise;
      } finally {
        if (reading === mine) reading = null;
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
