import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../../apps/api/src/db/client.ts';
import { migrate } from '../../../apps/api/src/db/migrate.ts';
import { seedBenchListings } from '../../../apps/api/scripts/seed-listings.ts';
import { ROOT, startServer } from './server.ts';

/** The data each database is seeded with, cached between runs; a change to these files reseeds. */
const DEMO_SOURCES = ['apps/api/migrations', 'apps/api/src/modules/demo-seed'];
const BULK_SOURCES = ['apps/api/migrations', 'apps/api/scripts/seed-listings.ts'];
const DEMO_CACHE_MAX_AGE_MS = 24 * 3600 * 1000;
const MARKER = 'bench-cache.json';
/** Listing ids kept for the detail calls (random live listings). */
const DETAIL_IDS = 6_000;

function filesUnder(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs)
    .sort()
    .flatMap((name) => filesUnder(path.join(rel, name)));
}

function cacheKey(sources: string[], extra: string): string {
  const hash = createHash('sha256').update(extra);
  for (const file of sources.flatMap(filesUnder)) hash.update(file).update(fs.readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

interface Marker {
  key: string;
  createdAt: string;
  listings?: number;
  ids?: string[];
  seedSeconds?: number;
}

function readMarker(dir: string): Marker | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

function freshCopy(from: string, to: string): string {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
  return to;
}

/**
 * A data dir holding the demo market (what a first `npm start` seeds), made once by the real server
 * with SEED_DEMO=true and copied for each run so every run starts from the same state.
 */
export async function demoDataDir(benchDir: string, port: number, fresh: boolean, log: (line: string) => void): Promise<string> {
  const cache = path.join(benchDir, 'demo-seeded');
  const key = cacheKey(DEMO_SOURCES, 'demo');
  const marker = readMarker(cache);
  if (fresh || !marker || marker.key !== key || Date.now() - Date.parse(marker.createdAt) > DEMO_CACHE_MAX_AGE_MS) {
    log('  seeding the demo market once (cached in ' + cache + ') ...');
    fs.rmSync(cache, { recursive: true, force: true });
    const started = Date.now();
    const server = await startServer({ port, dataDir: cache, seedDemo: true, logFile: path.join(benchDir, 'logs/demo-seed.log') });
    await server.stop();
    fs.writeFileSync(path.join(cache, MARKER), JSON.stringify({ key, createdAt: new Date().toISOString(), seedSeconds: (Date.now() - started) / 1000 }));
  }
  return freshCopy(cache, path.join(benchDir, 'run/demo'));
}

async function sampleIds(database: Database): Promise<string[]> {
  const rows = await database.sql.query<{ id: string }>(
    `SELECT id FROM listings WHERE visibility = 'live' AND NOT admin_hidden ORDER BY md5(id::text) LIMIT ${DETAIL_IDS}`,
  );
  return rows.map((r) => r.id);
}

async function seedInto(database: Database, listings: number): Promise<{ ids: string[]; seconds: number }> {
  const started = Date.now();
  await migrate(database);
  await seedBenchListings(database, listings);
  const seconds = (Date.now() - started) / 1000;
  return { ids: await sampleIds(database), seconds };
}

export interface SeededDatabase {
  kind: 'PGlite' | 'PostgreSQL';
  dataDir: string;
  databaseUrl?: string;
  /** PGlite: a second copy of the files for the bench's own reads (cursors, EXPLAIN), so the server's copy stays unread. */
  readerDir?: string;
  ids: string[];
  /** Seconds the bulk seed took (from the cache's record when it was reused). */
  seedSeconds: number;
  cached: boolean;
  drop(): Promise<void>;
}

/** The embedded database with `listings` bulk-seeded listings; cached in benchDir, copied per run. */
export async function pgliteBulk(benchDir: string, listings: number, fresh: boolean, log: (line: string) => void): Promise<SeededDatabase> {
  const cache = path.join(benchDir, `pglite-${listings}`);
  const key = cacheKey(BULK_SOURCES, `pglite:${listings}`);
  let marker = readMarker(cache);
  const cached = !fresh && marker?.key === key && Boolean(marker.ids?.length);
  if (!cached) {
    log(`  seeding ${listings.toLocaleString('en-US')} listings into PGlite (cached in ${cache}) ...`);
    fs.rmSync(cache, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: cache });
    try {
      const { ids, seconds } = await seedInto(database, listings);
      marker = { key, createdAt: new Date().toISOString(), listings, ids, seedSeconds: seconds };
    } finally {
      await database.close();
    }
    fs.writeFileSync(path.join(cache, MARKER), JSON.stringify(marker));
  }
  const dataDir = freshCopy(cache, path.join(benchDir, `run/pglite-${listings}`));
  const readerDir = freshCopy(cache, path.join(benchDir, `run/pglite-${listings}-reader`));
  return {
    kind: 'PGlite',
    dataDir,
    readerDir,
    ids: marker!.ids!,
    seedSeconds: marker!.seedSeconds ?? Number.NaN,
    cached,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(readerDir, { recursive: true, force: true });
    },
  };
}

/** The seeded PostgreSQL database kept between runs (like the PGlite cache); each run works on a copy. */
export const POSTGRES_SEED_DB = 'betoch_bench_seed';
const POSTGRES_RUN_DB = 'betoch_bench';

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A scratch PostgreSQL database with `listings` bulk-seeded listings on the server of `adminUrl`:
 * seeded once into POSTGRES_SEED_DB (its comment records the seed's cache key), then copied with
 * CREATE DATABASE ... TEMPLATE for each run and dropped after it.
 */
export async function postgresBulk(adminUrl: string, benchDir: string, listings: number, fresh: boolean, log: (line: string) => void): Promise<SeededDatabase> {
  const key = cacheKey(BULK_SOURCES, `postgres:${listings}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let marker: Marker | undefined;
  let cached: boolean;
  try {
    const found = await admin.query<{ comment: string | null }>("SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1", [
      POSTGRES_SEED_DB,
    ]);
    try {
      marker = found.rows[0]?.comment ? (JSON.parse(found.rows[0].comment) as Marker) : undefined;
    } catch {
      marker = undefined;
    }
    cached = !fresh && marker?.key === key;
    if (!cached) {
      log(`  seeding ${listings.toLocaleString('en-US')} listings into PostgreSQL database ${POSTGRES_SEED_DB} (kept for later runs) ...`);
      await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_SEED_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${POSTGRES_SEED_DB}`);
      const database = await openDatabase({ url: databaseUrl(adminUrl, POSTGRES_SEED_DB) });
      try {
        const { seconds } = await seedInto(database, listings);
        marker = { key, createdAt: new Date().toISOString(), listings, seedSeconds: seconds };
      } finally {
        await database.close();
      }
      await admin.query(`COMMENT ON DATABASE ${POSTGRES_SEED_DB} IS '${JSON.stringify(marker).replace(/'/g, "''")}'`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_RUN_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${POSTGRES_RUN_DB} TEMPLATE ${POSTGRES_SEED_DB}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, POSTGRES_RUN_DB);
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${POSTGRES_RUN_DB} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  const database = await openDatabase({ url });
  let ids: string[];
  try {
    ids = await sampleIds(database);
  } finally {
    await database.close();
  }
  // The server's own files (uploads) go to a folder of the bench, never to ./data.
  const dataDir = path.join(benchDir, 'run/postgres');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  return { kind: 'PostgreSQL', dataDir, databaseUrl: url, ids, seedSeconds: marker?.seedSeconds ?? Number.NaN, cached, drop };
}
