import path from 'node:path';
import type { BenchContext, PartOutput } from '../lib/context.ts';
import { browseQueries } from '../lib/browse-queries.ts';
import { pgliteBulk } from '../lib/datasets.ts';
import { runLoad, SERVER_CPU, type LoadResult } from '../lib/load-client.ts';
import { canPin, startServer } from '../lib/server.ts';
import { fmtInt, fmtMs } from '../lib/stats.ts';

const RATE = 100;
const CONNECTIONS = 10;
const SECONDS = { warmup: 10, ceiling: 5, max: 5, paced: 20 };
/** Different /browse questions asked (each page drawn once at most in the paced run). */
const BROWSE_PAGES = 2_000;

function failures(r: LoadResult): number {
  return r.non2xx + r.errors + r.timeouts;
}

function row(name: string, r: LoadResult): string {
  const l = r.latency;
  return `| ${name} | ${fmtInt(r.requestsPerSecond)} | ${fmtMs(l.p50, 0)} | ${fmtMs(l.p90, 0)} | ${fmtMs(l.p99, 0)} | ${fmtMs(l.max, 0)} | ${fmtInt(r.total)} | ${failures(r)} |`;
}

/**
 * Pages drawn on the server: /browse with generated filters and /l/{id} of random
 * listings, on 100,000 listings in PGlite, the production web build, the server pinned to one core.
 * Evenly spaced at 100 pages a second, each page asked once (a first visit: nothing cached for
 * it), after the health check's ceiling and a run as fast as the server draws.
 */
export async function serverRenderPart(ctx: BenchContext): Promise<PartOutput> {
  const db = await pgliteBulk(ctx.benchDir, ctx.listings, ctx.fresh, ctx.log);
  try {
    const server = await startServer({
      port: ctx.port + 3,
      dataDir: db.dataDir,
      webDist: ctx.webDist,
      cpus: SERVER_CPU,
      logFile: path.join(ctx.benchDir, 'logs/render.log'),
    });
    try {
      const base = { base: server.url, connections: CONNECTIONS };
      const queries = browseQueries(BROWSE_PAGES * 2);
      const browse = queries.map((q) => `/browse?${q}`);
      const detail = db.ids.map((id) => `/l/${id}`);
      // Warm the process (its code, not the pages measured) as the API part does: 10 s at the
      // measured rate, filter sets of the second half of the questions and listings never drawn
      // below, one of each in turn.
      const warmBrowse = browse.slice(BROWSE_PAGES, BROWSE_PAGES + (RATE * SECONDS.warmup) / 2);
      const warmDetail = detail.slice(-(RATE * SECONDS.warmup) / 2);
      const warmup = warmBrowse.flatMap((page, i) => [page, warmDetail[i]!]);
      await runLoad({ ...base, paths: warmup, duration: SECONDS.warmup, rate: RATE, paced: true });
      const ceiling = await runLoad({ ...base, paths: ['/api/healthz'], duration: SECONDS.ceiling });
      ctx.log(`  health check ceiling: ${fmtInt(ceiling.requestsPerSecond)} req/s`);
      const browsePaced = await runLoad({ ...base, paths: browse.slice(0, RATE * SECONDS.paced), duration: SECONDS.paced, rate: RATE, paced: true });
      ctx.log(`  /browse drawn at ${RATE}/s, each page once: p50 ${fmtMs(browsePaced.latency.p50, 0)}, p99 ${fmtMs(browsePaced.latency.p99, 0)}`);
      const detailPaced = await runLoad({ ...base, paths: detail.slice(100), duration: Math.min(SECONDS.paced, Math.floor((detail.length - 100) / RATE)), rate: RATE, paced: true });
      ctx.log(`  /l/{id} drawn at ${RATE}/s, each page once: p50 ${fmtMs(detailPaced.latency.p50, 0)}, p99 ${fmtMs(detailPaced.latency.p99, 0)}`);
      const browseMax = await runLoad({ ...base, paths: browse.slice(0, BROWSE_PAGES), duration: SECONDS.max });
      const detailMax = await runLoad({ ...base, paths: detail, duration: SECONDS.max });
      const failed = [browsePaced, detailPaced, browseMax, detailMax].reduce((n, r) => n + failures(r), 0);
      const p99 = Math.max(browsePaced.latency.p99, detailPaced.latency.p99);
      const off = ctx.listings === 100_000 ? '' : ` (on ${ctx.listings.toLocaleString('en-US')} listings, not 100,000)`;
      return {
        rows: {
          'server-render': {
            measured: `/browse p99 ${fmtMs(browsePaced.latency.p99, 0)}, /l/{id} p99 ${fmtMs(detailPaced.latency.p99, 0)} at ${RATE} pages/s evenly spaced, each page drawn once (max ${fmtInt(browseMax.requestsPerSecond)} and ${fmtInt(detailMax.requestsPerSecond)} pages/s; health check ${fmtInt(ceiling.requestsPerSecond)} req/s)${failed ? `; ${failed} failed` : ''}${off}`,
            met: off ? null : failed === 0 && p99 <= 30,
          },
        },
        details: [
          `Server pinned to core ${SERVER_CPU}${canPin() ? '' : ' (taskset missing: NOT pinned)'}, the load from the other core; ${CONNECTIONS} connections; ${ctx.listings.toLocaleString('en-US')} listings in PGlite; the production web build; pages asked for as a visitor without cookies (English).`,
          `/browse: ${fmtInt(BROWSE_PAGES)} different filter sets (every filter alone and combined, typed price bounds, place names in Latin and Ge'ez letters; scripts/bench/lib/browse-queries.ts), each drawn once in the paced run; /l/{id}: ${fmtInt(detail.length - 100)} listings each drawn once. First a 10 s warm-up at ${RATE} pages/s on other pages (other filter sets and listings, in turn), as the API part warms up.`,
          '',
          '| load | pages/s | p50 | p90 | p99 | max | pages | failed |',
          '|---|---|---|---|---|---|---|---|',
          row('health check (the ceiling of this process)', ceiling),
          row(`/browse, ${RATE} pages/s evenly spaced, each once`, browsePaced),
          row(`/l/{id}, ${RATE} pages/s evenly spaced, each once`, detailPaced),
          row('/browse, as fast as it draws', browseMax),
          row('/l/{id}, as fast as it draws', detailMax),
        ].join('\n'),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}
