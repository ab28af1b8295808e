/**
 * `npm run bench`: measures every performance target and rewrites docs/performance.md with the
 * figures (docs/performance-results.json keeps each part's latest figures).
 *
 *   npm run bench                         every part, one after another
 *   npm run bench -- --only=api,photo     some parts (size, lighthouse, answer, chat, api, photo)
 *   npm run bench -- --help               every option
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import type { BenchContext, PartOutput } from './lib/context.ts';
import { demoDataDir } from './lib/datasets.ts';
import { describeMachine, loadAverage } from './lib/machine.ts';
import {
  DOC_FILE,
  PART_NAMES,
  TARGET_ROWS,
  writeResults,
  writeVariant,
  type PartName,
  type PartResult,
  type RowFigure,
  type VariantResult,
} from './lib/report.ts';
import { ROOT, START_FLAGS, assertPortFree, canPin, peakMemoryMb, serverNodeVersion, startServer, useServerRuntime, type RunningServer } from './lib/server.ts';
import { answerSizePart } from './parts/answer-size.ts';
import { apiLoadPart } from './parts/api-load.ts';
import { chatPart } from './parts/chat.ts';
import { lighthousePart } from './parts/lighthouse.ts';
import { photoPart } from './parts/photo.ts';
import { serverRenderPart } from './parts/server-render.ts';
import { sizePart } from './parts/size.ts';
import { telegramPart } from './parts/telegram.ts';

const run = promisify(execFile);

const HELP = `npm run bench -- [options]

  --only=a,b        run only these parts: ${PART_NAMES.join(', ')}
  --skip=a,b        run every part but these
  --no-build        do not build the web app (use the build already in --dist)
  --dist=DIR        where the web app is built and served from (default apps/web/node_modules/.cache/
                    bench-dist: under the web app, so its server renderer finds the web app's packages)
  --bench-dir=DIR   caches (seeded databases, test photo), logs, Lighthouse reports (default /tmp/betoch-bench)
  --port=N          first of 4 ports the bench's servers use (default 8410)
  --runs=N          Lighthouse runs per page (default 5)
  --postgres-url=U  server where a scratch database betoch_bench is made and dropped
                    (default $BENCH_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/postgres; 'none' skips)
  --listings=N      listings seeded for the API load (default 100000)
  --fresh           seed the cached databases again (otherwise reused while their migrations and
                    seed code are unchanged: <bench-dir>/demo-seeded, <bench-dir>/pglite-N and the
                    PostgreSQL database betoch_bench_seed)
  --no-doc          print the figures only; leave docs/performance.md as it is
  --variant=LABEL   also keep this run's figures as one column of the comparison of runtimes and
                    start flags (docs/performance-variants.json, shown in docs/performance.md)
  --server-node=P   the Node binary the servers run on (default: this process's node)
  --start-flags=F   the servers' Node flags, space-separated ('' for none; default: the start command's)
                    a run with another node or flags writes only its variant, never the target table
  --help            this text

Environment: CHROME_PATH (default /usr/bin/chromium).`;

const PARTS: Record<PartName, (ctx: BenchContext) => Promise<PartOutput>> = {
  size: sizePart,
  lighthouse: lighthousePart,
  answer: answerSizePart,
  chat: chatPart,
  api: apiLoadPart,
  render: serverRenderPart,
  photo: photoPart,
  telegram: telegramPart,
};

function partList(value: string | undefined, flag: string): PartName[] {
  if (!value) return [];
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names) if (!(PART_NAMES as readonly string[]).includes(n)) throw new Error(`${flag}: unknown part '${n}' (parts: ${PART_NAMES.join(', ')})`);
  return names as PartName[];
}

async function buildWeb(dist: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  log(`building the web app into ${dist} ...`);
  const vite = (args: string[]) =>
    run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', 'warn'], {
      cwd: path.join(ROOT, 'apps/web'),
      maxBuffer: 16 * 1024 * 1024,
    });
  // The browser's build, then the server's renderer beside it (as `npm run build` does).
  await vite(['--outDir', dist, '--emptyOutDir']);
  await vite(['--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, 'server'), '--emptyOutDir', 'false']);
  log(`  built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function printTable(figures: Partial<Record<string, RowFigure>>): void {
  console.log('\n| what | target | measured | met? |');
  console.log('|---|---|---|---|');
  for (const row of TARGET_ROWS) {
    const f = figures[row.id];
    if (!f) continue;
    console.log(`| ${row.what} | ${row.target} | ${f.measured} | ${f.met === true ? 'yes' : f.met === false ? 'NO' : 'n/a'} |`);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      skip: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      dist: { type: 'string' },
      'bench-dir': { type: 'string', default: '/tmp/betoch-bench' },
      port: { type: 'string', default: '8410' },
      runs: { type: 'string', default: '5' },
      'postgres-url': { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      listings: { type: 'string', default: '100000' },
      fresh: { type: 'boolean', default: false },
      'no-doc': { type: 'boolean', default: false },
      variant: { type: 'string' },
      'server-node': { type: 'string' },
      'start-flags': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const only = partList(values.only, '--only');
  const skip = partList(values.skip, '--skip');
  const parts = PART_NAMES.filter((p) => (only.length ? only.includes(p) : true) && !skip.includes(p));
  const benchDir = path.resolve(values['bench-dir']!);
  // The renderer (dist/server) takes React and the rest from node_modules, found from where it lies.
  const webDist = path.resolve(values.dist ?? path.join(ROOT, 'apps/web/node_modules/.cache/bench-dist'));
  const port = Number(values.port);
  fs.mkdirSync(path.join(benchDir, 'logs'), { recursive: true });
  for (let p = port; p < port + 4; p += 1) await assertPortFree(p);

  const log = (line: string) => console.log(line);
  const startFlags = values['start-flags'] === undefined ? START_FLAGS : values['start-flags'].split(/\s+/).filter(Boolean);
  useServerRuntime(path.resolve(values['server-node'] ?? process.execPath), startFlags);
  const serverNode = serverNodeVersion();
  const machine = { ...describeMachine(), node: serverNode };
  const started = Date.now();
  log(`bench: ${parts.join(', ')} on ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, Node ${machine.node}; load average ${loadAverage()}`);
  if (!canPin()) log('warning: taskset not found, server and load generator are not pinned to cores');

  // The server runs built, as `npm start` runs it.
  await run(process.execPath, [path.join(ROOT, 'apps/api/build.mjs')], { cwd: ROOT });
  // The API part starts its servers with the web build too, as production does.
  if (parts.includes('size') || parts.includes('lighthouse') || parts.includes('render') || parts.includes('api')) {
    if (!values['no-build']) await buildWeb(webDist, log);
    else if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`--no-build: no web build in ${webDist}`);
  }

  let demo: RunningServer | undefined;
  const ctx: BenchContext = {
    benchDir,
    webDist,
    port,
    lighthouseRuns: Number(values.runs),
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    postgresUrl: values['postgres-url'] === 'none' ? '' : values['postgres-url']!,
    listings: Number(values.listings),
    fresh: values.fresh!,
    log,
    demoServer: async () => {
      if (!demo) {
        const dataDir = await demoDataDir(benchDir, port, values.fresh!, log);
        demo = await startServer({ port, dataDir, seedDemo: true, webDist, logFile: path.join(benchDir, 'logs/demo.log') });
      }
      return demo;
    },
  };

  const results: PartResult[] = [];
  const failed: string[] = [];
  try {
    for (const part of parts) {
      const load = loadAverage();
      const t0 = Date.now();
      log(`\n== ${part} (load average ${load})`);
      try {
        peakMemoryMb.clear();
        const out = await PARTS[part](ctx);
        const memory = Object.fromEntries(peakMemoryMb);
        results.push({ part, at: new Date().toISOString(), load, machine, rows: out.rows, details: out.details, seconds: (Date.now() - t0) / 1000, memory });
        log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      } catch (error) {
        failed.push(part);
        log(`  ${part} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
      // The demo market is not needed after the parts that use it; the API load wants a quiet machine.
      if (demo && !parts.slice(parts.indexOf(part) + 1).some((p) => p === 'lighthouse' || p === 'answer' || p === 'chat')) {
        await demo.stop();
        demo = undefined;
      }
    }
  } finally {
    await demo?.stop();
  }

  printTable(Object.assign({}, ...results.map((r) => r.rows)) as Partial<Record<string, RowFigure>>);
  const asInProduction = path.resolve(values['server-node'] ?? process.execPath) === process.execPath && startFlags.join(' ') === START_FLAGS.join(' ');
  if (!values['no-doc'] && results.length && values.variant) {
    writeVariant({
      label: values.variant,
      at: new Date().toISOString(),
      load: results[0]!.load,
      serverNode,
      flags: startFlags.join(' '),
      rows: Object.assign({}, ...results.map((r) => r.rows)) as VariantResult['rows'],
      memory: Object.assign({}, ...results.map((r) => r.memory)) as Record<string, number>,
    });
    log(`\nwrote variant '${values.variant}' into docs/performance-variants.json and docs/performance.md`);
  }
  // The target table holds only runs of the production runtime and flags.
  if (!values['no-doc'] && results.length && asInProduction) {
    writeResults(results);
    log(`\nwrote ${path.relative(ROOT, DOC_FILE)} (and docs/performance-results.json)`);
  }
  log(`bench finished in ${((Date.now() - started) / 1000 / 60).toFixed(1)} min${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
