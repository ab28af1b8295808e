/**
 * Browse benchmark (not a test): seeds 100,000 listings into a fresh database, starts the server
 * and measures GET /api/listings with autocannon.
 *
 *   node --import tsx apps/api/scripts/bench-browse.ts                 # embedded PGlite, in memory
 *   DATABASE_URL=postgres://... node --import tsx apps/api/scripts/bench-browse.ts   # PostgreSQL (a fresh schema, dropped after)
 *
 * Options (environment): BENCH_LISTINGS (100000), BENCH_SECONDS per scenario (10), BENCH_CONNECTIONS (10),
 * BENCH_EXPLAIN=1 to print the query plan (EXPLAIN ANALYZE) of each scenario's query.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { ZBrowseQuery } from '@betoch/contracts/listings';
import { browseQuery } from '../src/modules/listings/listings.repository.ts';
import { listingFilterOf } from '../src/modules/listings/browse-answer.ts';
import { BENCH_POSTERS, seedBenchListings } from './seed-listings.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const SCENARIOS: Array<[string, string]> = [
  ['newest 20 (tenant welcome, first browse)', '/api/listings?visibility=live&limit=20'],
  ['subcity', '/api/listings?visibility=live&subcity=Bole&limit=20'],
  ['type + max price', '/api/listings?visibility=live&type=villa&price_max=120000&limit=20'],
  ['source + subcity + min price', '/api/listings?visibility=live&source=delala&subcity=Yeka&price_min=20000&limit=20'],
  ['narrow price band (few matches)', '/api/listings?visibility=live&price_min=249000&price_max=250000&limit=20'],
  ['50 per page', '/api/listings?visibility=live&limit=50'],
];

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; kind: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({}), drop: async () => undefined, kind: 'PGlite (in memory)' };
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    database: await openDatabase({ url, searchPath: schema, poolSize: 20 }),
    kind: 'PostgreSQL',
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** The plan of the very query GET /api/listings runs for this URL. */
async function explain(database: Database, url: string): Promise<string> {
  const q = ZBrowseQuery.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
  const query = browseQuery(database.db, { ...listingFilterOf(q, new Date()), limit: q.limit + 1 }, new Date()).toSQL();
  const rows = await database.sql.query<Record<string, string>>(`EXPLAIN (ANALYZE, COSTS OFF) ${query.sql}`, query.params);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-bench-'));
  const { database, drop, kind } = await freshDatabase();
  const env = loadEnv({ ...process.env, APP_MODE: 'demo', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  const { app } = await buildApp(env, { database, logger: false });
  try {
    let started = Date.now();
    // Users and listings straight in SQL: 90% live, 1% hidden, 3 photos each, over ~90 days.
    await seedBenchListings(database, LISTINGS, BENCH_POSTERS);
    const [counts] = await database.sql.query<{ total: number; browsable: number }>(
      "SELECT count(*)::int AS total, count(*) FILTER (WHERE visibility = 'live' AND NOT admin_hidden)::int AS browsable FROM listings",
    );
    console.log(`Database: ${kind}; ${counts?.total} listings (${counts?.browsable} browsable) seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    if (process.env.BENCH_EXPLAIN) {
      for (const [name, url] of SCENARIOS) console.log(`\n--- ${name}: ${url}\n${await explain(database, url)}`);
    }

    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const page = await fetch(`${address}/api/listings?visibility=live&limit=20`);
    const body = Buffer.from(await page.arrayBuffer());
    console.log(`Answer for 20 listings: ${body.length} bytes, ${zlib.gzipSync(body).length} bytes gzip, ${zlib.brotliCompressSync(body).length} bytes brotli`);

    // One request at a time: the time the server spends on one browse call, without queueing.
    console.log('\nOne connection, one request at a time (100 requests each):');
    for (const [name, url] of SCENARIOS) {
      const times: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const t0 = performance.now();
        const res = await fetch(`${address}${url}`, { headers: { 'accept-encoding': 'gzip' } });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(`  ${name}: p50 ${ms(times[49]!)}, p99 ${ms(times[98]!)}`);
    }

    console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per scenario, load generated in a worker thread\n`);
    console.log('| scenario | p50 | p90 | p99 | max | requests/s | non-2xx |');
    console.log('|---|---|---|---|---|---|---|');
    for (const [name, url] of SCENARIOS) {
      started = Date.now();
      const result = await autocannon({
        url: `${address}${url}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        workers: 1,
        headers: { 'accept-encoding': 'gzip' },
      });
      const l = result.latency;
      console.log(
        `| ${name} | ${ms(l.p50)} | ${ms(l.p90)} | ${ms(l.p99)} | ${ms(l.max)} | ${result.requests.average.toFixed(0)} | ${result.non2xx + result.errors} |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
