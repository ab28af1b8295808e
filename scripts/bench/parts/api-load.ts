import path from 'node:path';
import type { BenchContext, PartOutput } from '../lib/context.ts';
import { pgliteBulk, postgresBulk, type SeededDatabase } from '../lib/datasets.ts';
import { runLoad, SERVER_CPU, type LoadResult } from '../lib/load-client.ts';
import { buildMixedSets, explainBrowse, walkBrowse, type BrowseUrl, type ExplainedQuery, type MixedSets, type WalkedQuery } from '../lib/mixed-workload.ts';
import { canPin, emptyFileCache, startServer, type RunningServer } from '../lib/server.ts';
import { fmtInt, fmtMs, percentile } from '../lib/stats.ts';

const CONNECTIONS = 10;
const SECONDS = { warmup: 10, cold: 15, detailFirst: 10, ceiling: 5, max: 5, paced: 10 };
const RATES = [200, 500] as const;
/** Generated filter sets per run (one in four also asked on pages 2-5): about twice as many URLs. */
const SET_SIZES: Record<keyof MixedSets, number> = { warmup: 700, cold: 1_600, max: 1_600, paced: 1_600 };
const EXPLAINED = 1_000;
/** Detail ids: the first pass, the warm runs, the warm-up (ids never asked elsewhere). */
const IDS = { first: [0, 2_000], warm: [2_000, 5_000], warmup: [5_000, 6_000] } as const;

/** Today's fixed URLs (the answer cache serves them after the first call): the figures before the mixed workload. */
export const BROWSE_MIXES: Array<[string, string]> = [
  ['newest 20 (first browse)', '/api/listings?visibility=live&limit=20'],
  ['subcity', '/api/listings?visibility=live&subcity=Bole&limit=20'],
  ['type + max price', '/api/listings?visibility=live&type=apartment&price_max=30000&limit=20'],
  ['subcity + price range', '/api/listings?visibility=live&subcity=Yeka&price_min=10000&price_max=40000&limit=20'],
  ['source + type (condo)', '/api/listings?visibility=live&source=landlord&type=condo&limit=20'],
  ['place search', '/api/listings?visibility=live&q=bole&limit=20'],
];

/**
 * The figures of the code before migration 0020 on a mixed workload of this kind, as measured for
 * the issue that asked for this bench (they were not printed by this script), and what changed.
 */
const BEFORE = [
  'Before (the code before migration 0020, measured by hand with 5,000 random filter combinations on the same machine, server on one core, several runs): PGlite browse mixed 293-426 req/s (1.6-4.5 % of a health check of 9,374-24,499 req/s), p99 119-144 ms at 200 req/s evenly spaced, p99 860-984 ms at 100 req/s on a colder run, one request at a time p99 79 ms and max 149 ms; PGlite detail at 200 req/s p99 43-434 ms (first pass over 3,700 ids p99 1,428 ms); PostgreSQL browse mixed 895 req/s (4.5 % of 20,063), p99 59 ms at 500 req/s; PostgreSQL detail 3,990 req/s, p99 25 ms at 200 req/s.',
  '',
  'What changed, in two steps. First (migration 0020; docs/listings.md, "Mixed traffic on 100,000 listings"): one browse index per filter combination with the other filters as trailing keys checked on the index entry; the place search through an index of two- and three-letter pieces after a walk of the newest 3,000 read from the browse index alone; card tints made when a photo is attached instead of on the first browse that shows it (about 0.7 ms per card); the detail read without the place columns; the price-band job one statement per subcity; the bench seed written as a running server leaves it (masked text, so a start has nothing to mask). That run, under a load average of 12-19: PGlite browse mixed 165 req/s, worst single query 49.7 ms.',
  '',
  'Then (migration 0021, decision 0010; docs/listings.md, "Browse from memory"): every server answers browse from an in-memory index of the listings everyone may see, newest first, each card already written as JSON, caught up on each new listings version from the listings that version changed; the database is left to detail reads and writes. The SQL answers only until the index has loaded after a start.',
  '',
  "Then (2026-11-28, decision 0011): the tail was the garbage collector, not the calls: at 200 calls/s the calls were answered in 1-2 ms by the server's own clock while the client saw p99 45-105 ms on first reads, and an event-loop monitor caught 15-35 ms stalls at each major collection of a heap of about 130 MB (a full collection of a process holding the index: 70-90 ms, 11 ms without it). The index now keeps each card's JSON in a few 4 MB buffers outside the JavaScript heap (`card-store.ts`), shares the type, subcity and source strings and keeps no Date per listing: that heap 119 -> 48 MB, a full collection 27-62 ms. The first load reads pages of 500 in slices of at most 60 ms (pages of 5,000 held the server up to 460 ms each). Each request writes one log line, when it is answered, instead of two (a profile of browse at its maximum rate had 11 % of the core in the request log). The start command lets the old generation grow to four times its live size (`--heap-growing-percent=300`): with the 64 MB young generation V8 began marking the old generation right after each collection, a major collection every 2 s under load (39 in a 75 s probe; 12 with the flag). Before these, the same bench on this machine (2026-11-28 08:07 UTC, health check 10,434 and 8,379 req/s): PGlite detail first pass p99 105.6 ms, browse at 500/s p99 109.3 ms, max 1,704 req/s; PostgreSQL detail first pass p99 91.3 ms, browse at 500/s p99 99.4 ms, max 1,777 req/s.",
  '',
  "Then (2026-11-28, afternoon; `db/json-row.ts`): reads of many columns on PGlite come as one JSON text a row. PGlite copies every field of an answer out of its buffer on its own (`ArrayBuffer.slice` and a text decode each): a CPU profile of the browse index's full load put a third of it there, with 22 columns a row. The full load of 90,000 rows in the bench's own process: the reads 5.5-5.8 s -> 2.5-3.4 s, a page of 500 holding the server 28 ms -> 12-16 ms, the whole load 7.2 -> 4.7 s; under the warm-up's traffic the server's load took 17.3 s on this machine before, and overlapped the cold runs. A listing's first read (some forty columns and its poster) is prepared in the embedded engine itself (`PREPARE`, then `EXECUTE` with the id written in once checked to be a UUID: PGlite's query() parses and plans its text on every call, and EXECUTE takes no bound parameters) and reads its columns as JSON too: 2.3-2.9 ms -> 0.5 ms mean, p99 9.5-10.9 -> 1.6-2.4 ms, in-process over 2,000 random listings each. Before these, this bench on this machine (2026-11-28 11:17 UTC, an Intel Xeon, slower than the AMD EPYC of the runs above; health check 9,940 and 11,198 req/s): PGlite start to first answer 4,866 ms, browse cold p99 87.0 ms, detail first pass p99 123.9 ms, detail max 291 req/s, browse max 1,470 req/s; PostgreSQL detail first pass p99 60.8 ms, browse at 500/s p99 70.8 ms, max 1,541 req/s.",
  '',
  "Then (2026-11-28, evening; decision 0013): the collector on the server's own thread (`--single-threaded-gc`) with a 16 MB young generation instead of 64 MB, in every start command. On one core the helper threads that mark the old generation took the core from the calls for 74-99 ms of wall time per major collection (calls slowed in clusters), and each 64 MB young collection took 8-23 ms. Probe runs on the AMD EPYC (same data, same hour; p99 at 200/s and 500/s): first reads 10.0-12.8 ms -> 4.0-4.7 ms, browse at 500/s 28.1-31.9 ms -> 3.0-5.9 ms. Before it, this bench on this machine (2026-11-28 14:20 UTC, health check 20,011 and 20,239 req/s): PGlite detail first pass p99 14.8 ms, browse at 500/s p99 9.7 ms; PostgreSQL detail first pass p99 15.1 ms, browse at 500/s p99 26.4 ms, max 3,097 req/s.",
].join('\n');

interface Row {
  name: string;
  r: LoadResult;
  closedLoop?: boolean;
}

interface DbFigures {
  kind: 'PGlite' | 'PostgreSQL';
  seeded: string;
  startupMs: number;
  readyMs: number;
  /** Whether the kernel's file cache was emptied before the start (absent in runs before 2026-11-28 22:10 UTC: it was not). */
  fileCacheEmptied?: boolean;
  ceiling: LoadResult;
  coldBrowse: LoadResult;
  detailFirst: LoadResult;
  mixedMax: LoadResult;
  mixedPaced: Record<(typeof RATES)[number], LoadResult>;
  detailMax: LoadResult;
  detailPaced: LoadResult;
  rows: Row[];
  explained: ExplainedQuery[];
  walked: WalkedQuery[];
  indexLoadMs: number;
  /** URLs walked untimed before the timed ones (absent in runs before 2026-11-28 21:50 UTC, which had none). */
  walkWarmUp?: number;
  urls: { cold: number; max: number; paced: number; deeper: number };
  cursorCheck: { checked: number; wrong: number };
}

function failures(r: LoadResult): number {
  return r.non2xx + r.errors + r.timeouts;
}

function loadRow({ name, r, closedLoop }: Row, ceiling: number): string {
  const l = r.latency;
  const share = closedLoop ? `${((100 * r.requestsPerSecond) / ceiling).toFixed(1)} %` : '';
  return `| ${name} | ${fmtInt(r.requestsPerSecond)} | ${share} | ${fmtMs(l.p50, 1)} | ${fmtMs(l.p90, 1)} | ${fmtMs(l.p99, 1)} | ${fmtMs(l.max, 0)} | ${fmtInt(r.total)} | ${failures(r)} |`;
}

/** Follows next_cursor from the server's own answers and compares it with the cursors the bench computed. */
async function checkCursors(server: RunningServer, urls: BrowseUrl[]): Promise<{ checked: number; wrong: number }> {
  let checked = 0;
  let wrong = 0;
  for (const url of urls.filter((u) => u.page > 1).slice(0, 20)) {
    let path = url.path.replace(/&cursor=[^&]*/, '');
    for (let page = 1; page < url.page; page += 1) {
      const next = ((await (await fetch(`${server.url}${path}`)).json()) as { next_cursor: string | null }).next_cursor;
      if (!next) break;
      path = `${url.path.replace(/&cursor=[^&]*/, '')}&cursor=${encodeURIComponent(next)}`;
    }
    checked += 1;
    if (path !== url.path) wrong += 1;
  }
  return { checked, wrong };
}

async function measure(ctx: BenchContext, db: SeededDatabase, port: number): Promise<DbFigures> {
  const t0 = Date.now();
  const sets = await buildMixedSets(db, SET_SIZES);
  const explainSample = [...sets.cold, ...sets.max].filter((_, i) => i % 3 === 0).slice(0, EXPLAINED);
  const explained = await explainBrowse(db, explainSample);
  const { walked, loadMs: indexLoadMs } = await walkBrowse(db, explainSample, sets.warmup);
  ctx.log(
    `  ${db.kind}: ${sets.cold.length + sets.max.length + sets.paced.length + sets.warmup.length} browse URLs built and ${explained.length} queries explained in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  // A cold start: the written files flushed and the kernel's file cache emptied where allowed.
  const fileCacheEmptied = emptyFileCache();
  const server = await startServer({
    port,
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    // As in production: the web build's server renderer is loaded at start too.
    webDist: ctx.webDist,
    cpus: SERVER_CPU,
    logFile: path.join(ctx.benchDir, `logs/api-${db.kind}.log`),
  });
  try {
    // Start-up: from spawning the process to the first browse answer (the database files not yet read).
    const first = await fetch(`${server.url}${sets.warmup[0]!.path}`);
    await first.arrayBuffer();
    const startupMs = performance.now() - server.spawnedAt;
    ctx.log(
      `  ${db.kind} start to first answer: ${fmtMs(startupMs, 0)} (ready after ${fmtMs(server.readyMs, 0)}; file cache ${fileCacheEmptied ? 'emptied' : 'not emptied'})`,
    );
    const base = { base: server.url, connections: CONNECTIONS };
    const ids = (range: readonly [number, number]) => db.ids.slice(range[0], range[1]).map((id) => `/api/listings/${id}`);
    const paths = (urls: BrowseUrl[]) => urls.map((u) => u.path);

    // Cold: a fresh process; 10 s of other traffic at 200 calls/s, then URLs and listings nobody asked for yet.
    const warmupPaths = paths(sets.warmup);
    const warmIds = ids(IDS.warmup);
    const warmupMix = warmupPaths.flatMap((p, i) => (i % 3 === 0 && warmIds[i / 3] ? [p, warmIds[i / 3]!] : [p]));
    await runLoad({ ...base, paths: warmupMix, duration: SECONDS.warmup, rate: 200, paced: true });
    const coldBrowse = await runLoad({ ...base, paths: paths(sets.cold), duration: SECONDS.cold, rate: 200, paced: true });
    ctx.log(`  ${db.kind} browse, cold, 200/s evenly spaced, each URL once: p50 ${fmtMs(coldBrowse.latency.p50)}, p99 ${fmtMs(coldBrowse.latency.p99)}`);
    const detailFirst = await runLoad({ ...base, paths: ids(IDS.first), duration: SECONDS.detailFirst, rate: 200, paced: true });
    ctx.log(`  ${db.kind} detail, first pass, 200/s: p50 ${fmtMs(detailFirst.latency.p50)}, p99 ${fmtMs(detailFirst.latency.p99)}`);

    // Warm: the ceiling, then the mixed workload (more URLs than the answer cache keeps: no call is answered from it).
    const ceiling = await runLoad({ ...base, paths: ['/api/healthz'], duration: SECONDS.ceiling });
    const mixedMax = await runLoad({ ...base, paths: paths(sets.max), duration: SECONDS.max });
    ctx.log(`  ${db.kind} browse mixed, max: ${fmtInt(mixedMax.requestsPerSecond)} req/s (health check ${fmtInt(ceiling.requestsPerSecond)} req/s)`);
    const mixedPaced = {} as DbFigures['mixedPaced'];
    for (const rate of RATES) {
      mixedPaced[rate] = await runLoad({ ...base, paths: paths(sets.paced), duration: SECONDS.paced, rate, paced: true });
      ctx.log(`  ${db.kind} browse mixed, ${rate}/s evenly spaced: p50 ${fmtMs(mixedPaced[rate].latency.p50)}, p99 ${fmtMs(mixedPaced[rate].latency.p99)}`);
    }
    const detailMax = await runLoad({ ...base, paths: ids(IDS.warm), duration: SECONDS.max });
    const detailPaced = await runLoad({ ...base, paths: ids(IDS.warm), duration: SECONDS.paced, rate: 200, paced: true });
    ctx.log(`  ${db.kind} detail, random ids: max ${fmtInt(detailMax.requestsPerSecond)} req/s; 200/s p99 ${fmtMs(detailPaced.latency.p99)}`);

    // Today's fixed URLs, each answered from the answer cache after its first call.
    const fixed = await fetch(`${server.url}${BROWSE_MIXES[0]![1]}`).then((r) => r.json() as Promise<{ next_cursor: string | null }>);
    const fixedPaths = BROWSE_MIXES.map(([, p]) => p);
    if (fixed.next_cursor) fixedPaths.push(`${BROWSE_MIXES[0]![1]}&cursor=${encodeURIComponent(fixed.next_cursor)}`);
    const fixedMax = await runLoad({ ...base, paths: fixedPaths, duration: SECONDS.max });
    const fixedPaced = await runLoad({ ...base, paths: fixedPaths, duration: SECONDS.max, rate: 200, paced: true });
    const fixedDetailMax = await runLoad({ ...base, paths: ids([0, 500]), duration: SECONDS.max });

    const cursorCheck = await checkCursors(server, sets.max);
    const rows: Row[] = [
      { name: 'health check (the ceiling of this process)', r: ceiling, closedLoop: true },
      {
        name: `browse, cold: ${fmtInt(sets.cold.length)} URLs each once, 200/s evenly spaced, after a ${SECONDS.warmup} s warm-up on other URLs`,
        r: coldBrowse,
      },
      { name: `detail, first pass: ${fmtInt(IDS.first[1] - IDS.first[0])} listings each once, 200/s evenly spaced`, r: detailFirst },
      { name: `browse, mixed: ${fmtInt(sets.max.length)} URLs in turn, max`, r: mixedMax, closedLoop: true },
      ...RATES.map((rate) => ({ name: `browse, mixed: ${fmtInt(sets.paced.length)} URLs in turn, ${rate}/s evenly spaced`, r: mixedPaced[rate] })),
      { name: `detail, ${fmtInt(IDS.warm[1] - IDS.warm[0])} random listings in turn, max`, r: detailMax, closedLoop: true },
      { name: `detail, ${fmtInt(IDS.warm[1] - IDS.warm[0])} random listings in turn, 200/s evenly spaced`, r: detailPaced },
      { name: `browse, today's ${fixedPaths.length} fixed URLs in turn (answer cache), max`, r: fixedMax, closedLoop: true },
      { name: `browse, today's ${fixedPaths.length} fixed URLs in turn (answer cache), 200/s evenly spaced`, r: fixedPaced },
      { name: 'detail, 500 listings in turn (answer cache after the first pass), max', r: fixedDetailMax, closedLoop: true },
    ];
    const seeded = `${ctx.listings.toLocaleString('en-US')} listings, seeded in ${db.seedSeconds.toFixed(1)} s${db.cached ? ' by an earlier run' : ''}`;
    const deeper = [...sets.cold, ...sets.max, ...sets.paced].filter((u) => u.page > 1).length;
    return {
      kind: db.kind,
      seeded,
      startupMs,
      readyMs: server.readyMs,
      fileCacheEmptied,
      ceiling,
      coldBrowse,
      detailFirst,
      mixedMax,
      mixedPaced,
      detailMax,
      detailPaced,
      rows,
      explained,
      walked,
      indexLoadMs,
      walkWarmUp: sets.warmup.length,
      urls: { cold: sets.cold.length, max: sets.max.length, paced: sets.paced.length, deeper },
      cursorCheck,
    };
  } finally {
    await server.stop();
  }
}

function walkSummary(f: DbFigures): string {
  const ms = f.walked.map((e) => e.ms);
  const worst = [...f.walked].sort((a, b) => b.ms - a.ms).slice(0, 5);
  return [
    `The same ${fmtInt(f.walked.length)} URLs as the server answers them once its browse index has loaded (modules/listings/browse-index.ts; loaded from this database in ${fmtMs(f.indexLoadMs, 0)} in the bench's own process): the page walked in memory and its answer written, ${f.walkWarmUp ? `after a walk of the warm-up's ${fmtInt(f.walkWarmUp)} other URLs (the server too is timed after a warm-up: without one, the first few dozen URLs ran before the walk's code was compiled and while the collection that follows the load was under way, 1.4-5.3 ms), ` : ''}the better of two runs: p50 ${fmtMs(percentile(ms, 50), 3)}, p99 ${fmtMs(percentile(ms, 99), 3)}, max ${fmtMs(Math.max(...ms), 3)}. The slowest: ${worst.map((e) => `\`${e.query || '(none)'}\` page ${e.page} ${fmtMs(e.ms, 3)}`).join('; ')}.`,
    '',
    'The SQL below answers only until the index has loaded (the first seconds after a start), and is the reference the index is tested against:',
  ].join('\n');
}

function explainSummary(f: DbFigures): string {
  const ms = f.explained.map((e) => e.ms);
  const worst = [...f.explained].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const reads = f.explained.map((e) => e.rowsRead);
  return [
    `EXPLAIN ANALYZE of the browse query of ${fmtInt(f.explained.length)} of these URLs (planning + execution, the better of two runs), in the bench's own process on a copy of the data: p50 ${fmtMs(percentile(ms, 50), 2)}, p99 ${fmtMs(percentile(ms, 99), 2)}, max ${fmtMs(Math.max(...ms), 2)}; rows read by the scans: p50 ${fmtInt(percentile(reads, 50))}, p99 ${fmtInt(percentile(reads, 99))}, max ${fmtInt(Math.max(...reads))}. The slowest:`,
    '',
    '| filters | page | planning | execution | rows read | plan |',
    '|---|---|---|---|---|---|',
    ...worst.map((e) => `| \`${e.query || '(none)'}\` | ${e.page} | ${fmtMs(e.planning, 2)} | ${fmtMs(e.execution, 2)} | ${fmtInt(e.rowsRead)} | ${e.plan} |`),
  ].join('\n');
}

function details(f: DbFigures): string {
  return [
    `### ${f.kind} (${f.seeded})`,
    '',
    `Start to first answer: ${fmtMs(f.startupMs, 0)} (spawn to /api/readyz ${fmtMs(f.readyMs, 0)}, then the first browse call; ${f.fileCacheEmptied ? "the kernel's file cache emptied just before, so the database files, node_modules and the web build were read from disk" : "the kernel's file cache was not emptied: the files just copied were read from memory"}; the web build's renderer loaded as in production). Browse URLs: ${fmtInt(f.urls.cold)} cold, ${fmtInt(f.urls.max)} for max, ${fmtInt(f.urls.paced)} for the paced runs (${fmtInt(f.urls.deeper)} of them pages 2-5). Cursors checked against the server's own next_cursor: ${f.cursorCheck.checked - f.cursorCheck.wrong} of ${f.cursorCheck.checked} equal.`,
    '',
    '| load | requests/s | of the ceiling | p50 | p90 | p99 | max | requests | failed |',
    '|---|---|---|---|---|---|---|---|---|',
    ...f.rows.map((r) => loadRow(r, f.ceiling.requestsPerSecond)),
    '',
    walkSummary(f),
    '',
    explainSummary(f),
  ].join('\n');
}

/** autocannon and paced calls against browse and detail on 100,000 listings, PGlite then PostgreSQL. */
export async function apiLoadPart(ctx: BenchContext): Promise<PartOutput> {
  const results: DbFigures[] = [];
  const skipped: string[] = [];
  const lite = await pgliteBulk(ctx.benchDir, ctx.listings, ctx.fresh, ctx.log);
  try {
    results.push(await measure(ctx, lite, ctx.port + 1));
  } finally {
    await lite.drop();
  }
  if (ctx.postgresUrl) {
    let pgDb: SeededDatabase | undefined;
    try {
      pgDb = await postgresBulk(ctx.postgresUrl, ctx.benchDir, ctx.listings, ctx.fresh, ctx.log);
    } catch (error) {
      skipped.push(`PostgreSQL at ${ctx.postgresUrl} could not be used: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (pgDb) {
      try {
        results.push(await measure(ctx, pgDb, ctx.port + 2));
      } finally {
        await pgDb.drop();
      }
    }
  } else {
    skipped.push('PostgreSQL skipped (--postgres-url=none).');
  }
  for (const s of skipped) ctx.log(`  ${s}`);

  const lite100k = results.find((r) => r.kind === 'PGlite')!;
  const pg100k = results.find((r) => r.kind === 'PostgreSQL');
  const failed = (f: DbFigures) => f.rows.reduce((n, r) => n + failures(r.r), 0);
  const ceilingNote = (f: DbFigures) => `health check ${fmtInt(f.ceiling.requestsPerSecond)} req/s`;
  const worstLite = Math.max(...lite100k.walked.map((e) => e.ms));
  const rows: PartOutput['rows'] = {
    'browse-pglite': {
      measured: `max ${fmtInt(lite100k.mixedMax.requestsPerSecond)} req/s (${ceilingNote(lite100k)}); p99 ${fmtMs(lite100k.coldBrowse.latency.p99)} at 200 req/s cold, ${fmtMs(lite100k.mixedPaced[200].latency.p99)} warm${failed(lite100k) ? `; ${failed(lite100k)} failed` : ''}`,
      met:
        failed(lite100k) === 0 &&
        lite100k.mixedMax.requestsPerSecond >= 1000 &&
        Math.max(lite100k.coldBrowse.latency.p99, lite100k.mixedPaced[200].latency.p99) <= 25,
    },
    'browse-postgres': pg100k
      ? {
          measured: `max ${fmtInt(pg100k.mixedMax.requestsPerSecond)} req/s (${ceilingNote(pg100k)}); p99 ${fmtMs(pg100k.mixedPaced[500].latency.p99)} at 500 req/s (cold at 200 req/s: ${fmtMs(pg100k.coldBrowse.latency.p99)})${failed(pg100k) ? `; ${failed(pg100k)} failed` : ''}`,
          met: failed(pg100k) === 0 && pg100k.mixedMax.requestsPerSecond >= 3000 && pg100k.mixedPaced[500].latency.p99 <= 15,
        }
      : { measured: 'not measured (no PostgreSQL)', met: null },
    detail: {
      measured: results
        .map(
          (r) =>
            `${r.kind}: p99 ${fmtMs(r.detailFirst.latency.p99)} first pass, ${fmtMs(r.detailPaced.latency.p99)} warm at 200 req/s (max ${fmtInt(r.detailMax.requestsPerSecond)} req/s, ${ceilingNote(r)})`,
        )
        .join('; '),
      met: pg100k ? results.every((r) => failed(r) === 0 && Math.max(r.detailFirst.latency.p99, r.detailPaced.latency.p99) <= 10) : null,
    },
    'browse-ceiling-share': {
      measured: results
        .map(
          (r) =>
            `${r.kind}: ${((100 * r.mixedMax.requestsPerSecond) / r.ceiling.requestsPerSecond).toFixed(1)} % (${fmtInt(r.mixedMax.requestsPerSecond)} of ${fmtInt(r.ceiling.requestsPerSecond)} req/s)`,
        )
        .join('; '),
      met: results.every((r) => r.mixedMax.requestsPerSecond >= 0.1 * r.ceiling.requestsPerSecond),
    },
    'browse-query': {
      measured: results
        .map(
          (r) =>
            `${r.kind}: as served (in memory) worst ${fmtMs(Math.max(...r.walked.map((e) => e.ms)), 2)}, p99 ${fmtMs(
              percentile(
                r.walked.map((e) => e.ms),
                99,
              ),
              2,
            )}; the SQL used until the index has loaded, worst ${fmtMs(Math.max(...r.explained.map((e) => e.ms)), 2)}, p99 ${fmtMs(
              percentile(
                r.explained.map((e) => e.ms),
                99,
              ),
              2,
            )} (EXPLAIN ANALYZE); over ${fmtInt(r.explained.length)} URLs`,
        )
        .join('; '),
      met: worstLite <= 5,
    },
    startup: {
      measured: results.map((r) => `${r.kind}: ${fmtMs(r.startupMs, 0)}`).join('; '),
      met: lite100k.startupMs <= 3000,
    },
  };
  const off = ctx.listings === 100_000 ? undefined : ` (on ${ctx.listings.toLocaleString('en-US')} listings, not 100,000)`;
  if (off) {
    for (const row of Object.values(rows)) {
      row.measured += off;
      row.met = null;
    }
  }
  const text = [
    `Server pinned to core ${SERVER_CPU}, the load generator in its own process on the other core${canPin() ? '' : ' (taskset missing: NOT pinned)'}; ${CONNECTIONS} connections; accept-encoding gzip; the server logs at info level as in production.`,
    `Browse URLs are generated (scripts/bench/lib/browse-queries.ts: every filter alone and combined, price bounds as typed, place names in Latin and Ge'ez letters), as the web app asks them (\`visibility=live&limit=20\`); one filter set in four is also asked on pages 2-5 by its cursor. Each run gets URLs no other run asked, more than the server's answer cache keeps (1,000 pages), so no browse call of the mixed rows is answered from that cache: each page is walked in the browse index and its answer written (the database itself until the index has loaded after the start); detail calls take random live listings (more than the 2,000 answers the detail cache keeps). The cursors are the server's own (its browse query read on a copy of the data before the server starts); a sample is checked against the next_cursor of the server's answers.`,
    `Order of the runs on one process: start (timed to the first answer), ${SECONDS.warmup} s warm-up at 200 calls/s on other URLs and listings, the cold runs (each URL or listing asked once), the health check for ${SECONDS.ceiling} s (the ceiling), then the warm runs: ${SECONDS.max} s as fast as the server answers (autocannon), ${SECONDS.paced} s at each fixed rate, evenly spaced (one call every 1000/rate ms, open loop, time counted from when the call was due). "of the ceiling" compares a max run with the health check of the same process.`,
    `The machine is shared (the load average is given above): figures taken while other work runs are noisy and slower than on a quiet machine; the health check of the same run shows how much of the core the server had.`,
    '',
    BEFORE,
    '',
    ...results.map((r) => `${details(r)}\n`),
    ...(skipped.length ? ['', ...skipped] : []),
  ].join('\n');
  return { rows, details: text };
}
