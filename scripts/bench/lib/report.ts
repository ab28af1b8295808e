import fs from 'node:fs';
import path from 'node:path';
import type { Machine } from './machine.ts';
import { ROOT } from './server.ts';

/** The rows of the performance target table, in its order. */
export const TARGET_ROWS = [
  {
    id: 'js-first-load',
    what: 'JavaScript for the first load of /, /browse and /l/{id}',
    target: 'at most 150 KB compressed (gzip), including React 19; other screens load on demand',
  },
  { id: 'render-browse', what: 'everything needed to render /browse before images', target: 'at most 170 KB compressed, from one origin' },
  {
    id: 'lighthouse-perf',
    what: 'Lighthouse mobile performance on /, /browse and /l/{id} with demo data (median of 5 runs)',
    target: 'score at least 95, LCP at most 2.0 s, CLS at most 0.05, TBT at most 200 ms',
  },
  { id: 'lighthouse-a11y-bp', what: 'Lighthouse accessibility, best practices and SEO on the same pages', target: '100' },
  {
    id: 'server-render',
    what: 'server render of /browse (mixed filters, each page once) and /l/{id} (random listings) with 100,000 listings on PGlite, the server on one core',
    target:
      "as fast as drawn: at least 3 % of the same process's health check each; p99 at most 30 ms at 100 pages/s evenly spaced after a 10 s warm-up on other pages",
  },
  {
    id: 'browse-pglite',
    what: 'browse, mixed filters (generated URLs, pages 2-5 by cursor), 100,000 listings, PGlite',
    target: 'at least 1,000 requests/s; p99 at most 25 ms at 200 requests/s evenly spaced, cold start included after a 10 s warm-up',
  },
  {
    id: 'browse-postgres',
    what: 'browse, mixed filters, 100,000 listings, PostgreSQL',
    target: 'at least 3,000 requests/s; p99 at most 15 ms at 500 requests/s',
  },
  { id: 'detail', what: 'listing detail, random ids, either database', target: 'p99 at most 10 ms at 200 requests/s, first pass included' },
  {
    id: 'browse-ceiling-share',
    what: 'browse mixed throughput relative to the health check of the same process',
    target: 'at least 10 %',
  },
  { id: 'browse-query', what: 'single browse query, worst filter shape, 100,000 listings', target: 'at most 5 ms on PGlite (EXPLAIN ANALYZE in the bench)' },
  { id: 'startup', what: 'server start to first answer, 100,000 listings, PGlite', target: 'at most 3 s' },
  {
    id: 'photo',
    what: 'one 12-megapixel JPEG upload processed into all sizes',
    target: 'at most 1 s on one core; photo work never stalls other calls',
  },
  { id: 'chat', what: "a new chat message shown in the other side's open thread", target: 'p95 at most 1 s' },
  { id: 'answer-size', what: 'browse answer, 20 listings', target: 'at most 3 KB compressed over the wire' },
  {
    id: 'telegram-queue',
    what: 'Telegram messages through the send queue, local Bot API',
    target: "Telegram's pace for a bot sustained: 30 messages a second",
  },
  { id: 'telegram-channel', what: 'a listing published to its post in the Telegram channel', target: 'at most 5 s' },
] as const;

export type RowId = (typeof TARGET_ROWS)[number]['id'];

export interface RowFigure {
  measured: string;
  /** null: measured but no verdict possible (e.g. a part of it could not run). */
  met: boolean | null;
}

export const PART_NAMES = ['size', 'lighthouse', 'answer', 'chat', 'api', 'render', 'photo', 'telegram'] as const;
export type PartName = (typeof PART_NAMES)[number];

export interface PartResult {
  part: PartName;
  /** ISO time the part finished. */
  at: string;
  /** Load average (1, 5, 15 min) when the part started. */
  load: string;
  machine: Machine;
  rows: Partial<Record<RowId, RowFigure>>;
  /** Markdown with the part's full figures. */
  details: string;
  /** Seconds the part took. */
  seconds: number;
  /** Peak resident memory (MB) of each server the part started, by its log's name. */
  memory?: Record<string, number>;
}

/**
 * One run made with another Node binary or other start flags (`--variant`), kept beside the others
 * of the same comparison in docs/performance-variants.json.
 */
export interface VariantResult {
  label: string;
  at: string;
  load: string;
  serverNode: string;
  flags: string;
  rows: Partial<Record<RowId, RowFigure>>;
  memory: Record<string, number>;
}

export const RESULTS_FILE = path.join(ROOT, 'docs/performance-results.json');
export const DOC_FILE = path.join(ROOT, 'docs/performance.md');
/** The section of figures behind choices in the code, kept by hand and put at the end of the doc. */
const FIGURES_IN_CODE_FILE = path.join(ROOT, 'scripts/bench/figures-behind-code.md');
export const VARIANTS_FILE = path.join(ROOT, 'docs/performance-variants.json');

export function readVariants(): VariantResult[] {
  try {
    return JSON.parse(fs.readFileSync(VARIANTS_FILE, 'utf8')) as VariantResult[];
  } catch {
    return [];
  }
}

function memoryLine(memory: Record<string, number>): string {
  const entries = Object.entries(memory);
  return entries.length ? entries.map(([name, mb]) => `${name} ${mb} MB`).join(', ') : 'not read';
}

/** The comparison of runtimes and start flags: one column a variant, one line a figure. */
function variantsSection(variants: VariantResult[]): string[] {
  if (!variants.length) return [];
  const ids = TARGET_ROWS.filter((row) => variants.some((v) => v.rows[row.id]));
  const lines = [
    '## Runtimes and start flags compared',
    '',
    'The same parts run once for each Node binary and set of start flags (`npm run bench -- --only=api,render',
    "--variant=LABEL --server-node=PATH --start-flags='...'`), one after the other on this machine; the",
    "load generator always runs on the bench's own Node. Peak memory is the resident high-water mark (VmHWM)",
    'of each server process when it stopped.',
    '',
    `| figure | ${variants.map((v) => v.label).join(' | ')} |`,
    `|---|${variants.map(() => '---').join('|')}|`,
    `| server's Node, flags | ${variants.map((v) => `${v.serverNode}, ${v.flags || 'no flags'}`).join(' | ')} |`,
    `| run (load average) | ${variants.map((v) => `${day(v.at)} (${v.load})`).join(' | ')} |`,
    ...ids.map((row) => `| ${row.what} | ${variants.map((v) => v.rows[row.id]?.measured ?? 'not run').join(' | ')} |`),
    `| peak resident memory of the servers | ${variants.map((v) => memoryLine(v.memory)).join(' | ')} |`,
    '',
  ];
  return lines;
}

/** Stores a variant's figures (replacing one of the same label) and rewrites docs/performance.md. */
export function writeVariant(variant: VariantResult): void {
  const variants = readVariants().filter((v) => v.label !== variant.label);
  variants.push(variant);
  fs.writeFileSync(VARIANTS_FILE, `${JSON.stringify(variants, null, 2)}\n`);
  fs.writeFileSync(DOC_FILE, renderDoc(readResults()));
}

type Results = Partial<Record<PartName, PartResult>>;

export function readResults(): Results {
  try {
    return JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Results;
  } catch {
    return {};
  }
}

const PART_TITLES: Record<PartName, string> = {
  size: 'Bundle size (`scripts/bundle-size.mjs`, budgets in `bundle-budget.json`)',
  lighthouse: 'Lighthouse 12, mobile preset',
  answer: 'Browse answer size',
  chat: 'Chat delivery',
  api: 'API load (autocannon)',
  render: 'Pages drawn on the server',
  photo: 'Photo pipeline',
  telegram: 'Telegram send queue and channel',
};

function verdict(met: boolean | null | undefined): string {
  if (met === true) return 'yes';
  if (met === false) return '**no**';
  return 'n/a';
}

function day(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16) + ' UTC';
}

function machineLine(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${m.ramGb} GB RAM, Node ${m.node}, ${m.os}`;
}

/** docs/performance.md, written from the stored results of every part (latest run of each). */
export function renderDoc(results: Results): string {
  const parts = PART_NAMES.map((p) => results[p]).filter((r): r is PartResult => Boolean(r));
  const machines = [...new Set(parts.map((p) => machineLine(p.machine)))];
  const lines: string[] = [];
  lines.push('# Performance');
  lines.push('');
  lines.push('<!-- Written by `npm run bench` (scripts/bench/run.ts) from docs/performance-results.json. Do not edit by hand: run the bench. -->');
  lines.push('');
  lines.push('Every figure below was printed by `npm run bench` on the machine named here; nothing is typed in by');
  lines.push("hand. A part that was not run keeps the figures of its last run, with that run's date and load.");
  lines.push('');
  lines.push('## Machine');
  lines.push('');
  if (!machines.length) lines.push('No run recorded yet.');
  for (const m of machines) lines.push(`- ${m}`);
  lines.push('');
  lines.push('The load average (1, 5, 15 minutes) is noted for each part: this machine is shared, and figures');
  lines.push('taken while other work loads it (load average above the number of cores) are noisy, slower than');
  lines.push('on a quiet machine. A final run is meant to be made on a quiet machine.');
  lines.push('');
  lines.push('## Targets');
  lines.push('');
  lines.push('| what | target | measured | met? | run (load average) |');
  lines.push('|---|---|---|---|---|');
  for (const row of TARGET_ROWS) {
    const owner = parts.find((p) => p.rows[row.id]);
    const figure = owner?.rows[row.id];
    lines.push(
      `| ${row.what} | ${row.target} | ${figure ? figure.measured : 'not measured yet'} | ${verdict(figure?.met)} | ${
        owner ? `${day(owner.at)} (${owner.load})` : ''
      } |`,
    );
  }
  lines.push('');
  lines.push(...variantsSection(readVariants()));
  lines.push('## How to run');
  lines.push('');
  lines.push('```sh');
  lines.push('npm run bench                                  # everything, about 10 minutes');
  lines.push('npm run bench -- --only=lighthouse             # one part: size, lighthouse, answer, chat, api, photo');
  lines.push('npm run bench -- --only=api,photo --no-build   # several parts; reuse the last web build');
  lines.push('npm run bench -- --help                        # every option');
  lines.push('```');
  lines.push('');
  lines.push('What each part does:');
  lines.push('- **size**: builds the web app (`vite build` into `apps/web/node_modules/.cache/bench-dist`, not `apps/web/dist`) and runs');
  lines.push('  `scripts/bundle-size.mjs` on it (the same check CI runs; it fails the bench when a budget breaks).');
  lines.push('- **lighthouse**: the real server (`apps/api/dist/main.js`, built as `npm start` runs it, `APP_MODE=demo`, the demo market seeded');
  lines.push('  by `SEED_DEMO=true`, the production web build) and Lighthouse 12 through its Node API in');
  lines.push("  Debian's Chromium (`CHROME_PATH`, default `/usr/bin/chromium`, headless with the flags a closed network");
  lines.push('  needs). Default mobile preset: Moto G Power, simulated slow 4G, 4x CPU slowdown. Each page 5 times,');
  lines.push('  the pages taken in turn; medians reported.');
  lines.push('- **answer**: `GET /api/listings?visibility=live&limit=20` as the web app asks it, bytes of the body');
  lines.push('  on the wire with `accept-encoding: gzip` (and with `br`, as browsers ask), on the demo market.');
  lines.push('- **chat**: the demo owner holds the event stream the web app uses (`POST /api/realtime/ticket`, then');
  lines.push("  `GET /api/realtime/stream`); tenants send 50 messages; a message counts as shown when the stream's");
  lines.push("  `message` event has arrived and the owner's refetch of the thread (what the web app does on that");
  lines.push('  event) holds its text.');
  lines.push('- **api**: 100,000 listings bulk-seeded (`apps/api/scripts/seed-listings.ts`) into PGlite and into');
  lines.push('  PostgreSQL, each seeded once and reused while the migrations and the seed are unchanged (PGlite in');
  lines.push('  the bench folder, copied for each run; PostgreSQL in database `betoch_bench_seed`, copied for each run');
  lines.push('  into `betoch_bench`, which is dropped after it; `--fresh` seeds again);');
  lines.push('  the real server pinned to core 0 (`taskset -c 0`), the load generator in another process pinned to core 1;');
  lines.push('  10 connections. The mixed workload: thousands of generated browse URLs (scripts/bench/lib/browse-queries.ts,');
  lines.push('  pages 2-5 by cursor) and thousands of random listing ids, from a fresh process on a fresh copy of the');
  lines.push('  data (cold) and then warm; "max" is as fast as the server answers (autocannon), the p99 figures are');
  lines.push('  at a fixed rate of evenly spaced calls (open loop); the health check of the same process is the ceiling.');
  lines.push('  EXPLAIN ANALYZE of the browse query of a thousand of the URLs, and the start-up time to the first answer');
  lines.push("  (with the web build, as production starts; the kernel's file cache emptied first where the bench may).");
  lines.push("- **photo**: a generated 12-megapixel JPEG (noise and edges, ~4 MB) through the app's own");
  lines.push('  `processImage` through the photo worker (a child process at nice 19, as the server runs it) and in');
  lines.push('  process for comparison, pinned to one core, median of 5 after a warm-up; then, after one warm-up');
  lines.push('  upload, 4 uploads of it through `POST /api/uploads` of the real server while browse calls run at');
  lines.push('  200 requests/s.');
  lines.push('');
  for (const part of parts) {
    lines.push(`## ${PART_TITLES[part.part]}`);
    lines.push('');
    lines.push(`Run ${day(part.at)}, load average ${part.load}, ${Math.round(part.seconds)} s.`);
    lines.push('');
    lines.push(part.details.trim());
    lines.push('');
    if (part.memory) {
      lines.push(`Peak resident memory of the servers (VmHWM): ${memoryLine(part.memory)}.`);
      lines.push('');
    }
  }
  lines.push(
    fs
      .readFileSync(FIGURES_IN_CODE_FILE, 'utf8')
      .replace(/^<!--[^]*?-->\s*/, '')
      .trim(),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Stores this run's parts next to the earlier ones and rewrites docs/performance.md. */
export function writeResults(fresh: PartResult[]): void {
  const results = readResults();
  for (const r of fresh) results[r.part] = r;
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(DOC_FILE, renderDoc(results));
}
