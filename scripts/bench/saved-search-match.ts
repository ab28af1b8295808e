// Matching one new listing against 100,000 saved searches (target under 200 ms):
//   node --import tsx scripts/bench/saved-search-match.ts     (npm run bench:alerts)
//   ... -- --searches=100000 --runs=20 --postgres-url=postgres://postgres@127.0.0.1:5432/postgres
// Seeds a fresh in-memory PGlite (the default database; or a scratch PostgreSQL database
// betoch_bench_alerts, made and dropped, with --postgres-url) with the migrations, 20,000 people and
// the saved searches spread over every filter (type, subcity, source, price bounds, a place in a
// tenth of them, some broad), then times the very statement the matcher runs
// (saved-searches.repository.ts matchStatement: the match-key index read, the other filters on
// those rows, the notifications written), each run in a transaction rolled back so every run
// writes the same rows. Prints the plan, the median and the slowest run.
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { LISTING_SOURCES, PROPERTY_TYPES_OFFERED, SUBCITIES } from '@betoch/contracts/constants';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { expandPlaceQuery } from '../../apps/api/src/modules/listings/place-search.ts';
import { matchingSearches, matchStatement, type ListingToMatch } from '../../apps/api/src/modules/saved-searches/saved-searches.repository.ts';

const { values } = parseArgs({
  options: {
    searches: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    'postgres-url': { type: 'string' },
  },
});
const SEARCHES = Number(values.searches);
const RUNS = Number(values.runs);
const PEOPLE = Math.max(1, Math.round(SEARCHES / 5));
const TARGET_MS = 200;
const PLACES = ['Kazanchis', 'Megenagna', 'ፒያሳ', 'Sarbet', 'CMC', 'Ayat', 'Summit', 'Gerji'];
const log = (line: string) => console.error(line);

/** A small deterministic random source, so every run seeds the same searches. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}

async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS betoch_bench_alerts WITH (FORCE)');
  await admin.query('CREATE DATABASE betoch_bench_alerts');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/betoch_bench_alerts';
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query('DROP DATABASE IF EXISTS betoch_bench_alerts WITH (FORCE)');
      await again.end();
    },
  };
}

async function seed(database: Database): Promise<ListingToMatch> {
  const started = Date.now();
  const q = (text: string, params: unknown[] = []) => database.sql.query(text, params);
  await q(
    `INSERT INTO users (phone, name, user_type)
     SELECT '+2519' || lpad(g::text, 8, '0'), 'Bench ' || g, 'tenant' FROM generate_series(1, $1) g`,
    [PEOPLE],
  );
  const ids = (await q('SELECT id FROM users ORDER BY phone')) as Array<{ id: string }>;
  const rnd = random(19);
  const BATCH = 2000;
  for (let from = 0; from < SEARCHES; from += BATCH) {
    const rows: unknown[][] = [];
    for (let i = from; i < Math.min(SEARCHES, from + BATCH); i++) {
      const broad = rnd() < 0.05;
      const type = broad || rnd() < 0.3 ? null : pick(rnd, PROPERTY_TYPES_OFFERED);
      const subcity = broad || rnd() < 0.15 ? null : pick(rnd, SUBCITIES);
      const source = broad || rnd() < 0.6 ? null : pick(rnd, LISTING_SOURCES);
      const priceMin = rnd() < 0.4 ? Math.round(rnd() * 30) * 1000 : null;
      const priceMax = rnd() < 0.7 ? (priceMin ?? 0) + 5000 + Math.round(rnd() * 40) * 1000 : null;
      const place = rnd() < 0.1 ? expandPlaceQuery(pick(rnd, PLACES)) : null;
      rows.push([
        ids[i % ids.length]!.id,
        `Search ${i}`,
        type,
        type === 'condominium' ? 'condo' : type,
        subcity,
        source,
        priceMin,
        priceMax,
        place ? place.terms : null,
        place ? place.subcities : null,
      ]);
    }
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      const at = params.length;
      params.push(...row);
      return `(${row.map((_, k) => `$${at + k + 1}`).join(', ')})`;
    });
    await q(
      `INSERT INTO saved_searches (user_id, name, type, type_group, subcity, source, price_min, price_max, place_terms, place_subcities)
       VALUES ${tuples.join(', ')}`,
      params,
    );
  }
  // The new listing: an apartment in Bole by a landlord, 18,000 ETB, near Atlas.
  const [poster] = (await q(`INSERT INTO users (phone, name, user_type) VALUES ('+251999999999', 'Bench poster', 'landlord') RETURNING id`)) as Array<{
    id: string;
  }>;
  const [listing] = (await q(
    `INSERT INTO listings (poster_id, title, title_masked, description, type, price_etb, bedrooms, subcity, source, visibility,
                           specific_location, specific_location_masked, masked_with, published_at)
     VALUES ($1, '2-Bedroom Apartment near Kazanchis', '2-Bedroom Apartment near Kazanchis', 'Bench listing', 'apartment', 18000, 2,
             'Kirkos', 'landlord', 'live', 'Kazanchis', 'Kazanchis', 1, now())
     RETURNING id, type_group, subcity, source`,
    [poster!.id],
  )) as Array<{ id: string; type_group: string; subcity: string; source: string }>;
  await q('ANALYZE');
  log(`seeded ${PEOPLE.toLocaleString('en')} people and ${SEARCHES.toLocaleString('en')} saved searches in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { id: listing!.id, typeGroup: listing!.type_group, subcity: listing!.subcity, source: listing!.source };
}

class Rollback extends Error {}

async function timeOnce(database: Database, statement: () => SQL): Promise<{ ms: number; notified: number }> {
  let result = { ms: 0, notified: 0 };
  try {
    await database.db.transaction(async (tx) => {
      const started = performance.now();
      const answer = (await tx.execute(statement())) as unknown as { rows: unknown[] };
      result = { ms: performance.now() - started, notified: answer.rows.length };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result;
}

async function main(): Promise<void> {
  const scratch = values['postgres-url'] ? await scratchPostgres(values['postgres-url']) : undefined;
  const database = await openDatabase(scratch ? { url: scratch.url } : {});
  try {
    await migrate(database);
    const listing = await seed(database);
    const explained = (await database.db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${matchStatement(listing, new Date())}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    log('plan (one run, EXPLAIN ANALYZE; rolled back below):');
    for (const row of explained.rows) log(`  ${Object.values(row)[0]}`);
    await database.sql.query('DELETE FROM notifications');
    const measure = async (what: string, statement: () => SQL) => {
      const runs: Array<{ ms: number; notified: number }> = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timeOnce(database, statement));
      const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
      const median = ms[Math.floor(ms.length / 2)]!;
      console.log(
        `${what} (${scratch ? 'PostgreSQL' : 'PGlite'}), 1 new listing against ${SEARCHES.toLocaleString('en')} saved searches, ` +
          `${runs[0]!.notified.toLocaleString('en')} people matched: median ${median.toFixed(1)} ms, slowest ${ms[ms.length - 1]!.toFixed(1)} ms over ${RUNS} runs`,
      );
      return median;
    };
    const matching = await measure('matching (the searches found)', () => matchingSearches(listing));
    await measure('matching and writing the notifications', () => matchStatement(listing, new Date()));
    console.log(`target: matching under ${TARGET_MS} ms: ${matching < TARGET_MS ? 'met' : 'NOT met'}`);
    if (matching >= TARGET_MS) process.exitCode = 1;
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

await main();
