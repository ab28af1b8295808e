import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { benchPosterPhone } from '../../../apps/api/scripts/seed-listings.ts';
import type { BenchContext, PartOutput } from '../lib/context.ts';
import { pgliteBulk } from '../lib/datasets.ts';
import { signIn } from '../lib/http.ts';
import { runLoad, SERVER_CPU, type LoadResult } from '../lib/load-client.ts';
import { ROOT, canPin, pinned, startServer } from '../lib/server.ts';
import { makeTestPhoto, PHOTO_HEIGHT, PHOTO_WIDTH } from '../lib/test-photo.ts';
import { fmtMs, median } from '../lib/stats.ts';
import { BROWSE_MIXES } from './api-load.ts';

const run = promisify(execFile);
const RUNS = 5;
const UPLOADS = 4;
const RATE = 200;
const TARGET_MS = 1000;
/** Browse p99 while photos are processed must stay within the embedded-database browse target. */
const STALL_P99_MS = 25;

interface Timing {
  inputBytes: number;
  /** Through the photo worker, as the server runs it. */
  times: number[];
  /** processImage in the timing process itself, for comparison. */
  inProcessTimes: number[];
  sizes: Array<{ width: number; height: number; bytes: number }>;
}

/** processImage on one core, median of RUNS after a warm-up, in its own pinned process. */
async function pipelineTiming(file: string): Promise<Timing> {
  const [command, args] = pinned(SERVER_CPU, process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench/photo-timing.ts'), file, String(RUNS)]);
  const { stdout } = await run(command, args, { cwd: ROOT });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Timing;
}

/**
 * One upload before measuring, as browse gets its warm-up: the server's upload code (multipart,
 * the photo worker's start) runs once, so the measured uploads show steady work, not a cold start.
 */
async function warmUpload(base: string, token: string, file: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([await fs.readFile(file)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 201) throw new Error(`the warm-up upload answered ${res.status}: ${await res.text()}`);
}

function p99Row(name: string, r: LoadResult): string {
  return `| ${name} | ${fmtMs(r.latency.p50, 0)} | ${fmtMs(r.latency.p99, 0)} | ${fmtMs(r.latency.max, 0)} | ${r.total} | ${r.non2xx + r.errors + r.timeouts} |`;
}

/** The photo pipeline's time for a 12 MP JPEG, then browse latency while 4 such uploads are processed. */
export async function photoPart(ctx: BenchContext): Promise<PartOutput> {
  const file = await makeTestPhoto(ctx.benchDir);
  const timing = await pipelineTiming(file);
  const med = median(timing.times);
  ctx.log(
    `  processImage through the photo worker, one core: median ${fmtMs(med, 0)} (runs ${timing.times.map((t) => t.toFixed(0)).join(', ')} ms; in-process median ${fmtMs(median(timing.inProcessTimes), 0)})`,
  );

  // The server as deployed (every core; the app runs photo work in its worker process at nice 19,
  // cores - 1 jobs of one libvips thread each), on the 100,000-listing embedded database; load and
  // uploads from the other process.
  const db = await pgliteBulk(ctx.benchDir, ctx.listings, false, ctx.log);
  const server = await startServer({ port: ctx.port + 3, dataDir: db.dataDir, logFile: path.join(ctx.benchDir, 'logs/photo.log') });
  let quiet: LoadResult;
  let busy: LoadResult;
  try {
    const token = await signIn(server.url, benchPosterPhone(1));
    const paths = BROWSE_MIXES.map(([, p]) => p);
    await warmUpload(server.url, token, file);
    await runLoad({ base: server.url, paths, duration: 3 });
    quiet = await runLoad({ base: server.url, paths, duration: 5, rate: RATE });
    busy = await runLoad({ base: server.url, paths, duration: 120, rate: RATE, uploads: { token, file, count: UPLOADS, delayMs: 1000 } });
  } finally {
    await server.stop();
    await db.drop();
  }
  const uploads = busy.uploads ?? [];
  const uploadsOk = uploads.length === UPLOADS && uploads.every((u) => u.status === 201);
  const lastUpload = Math.max(...uploads.map((u) => u.ms));
  ctx.log(
    `  browse at ${RATE} req/s: p99 ${fmtMs(quiet.latency.p99, 0)} alone, ${fmtMs(busy.latency.p99, 0)} while ${UPLOADS} uploads ran (answered ${uploads.map((u) => `${u.status} in ${u.ms.toFixed(0)} ms`).join(', ')})`,
  );
  const busyFailed = busy.non2xx + busy.errors + busy.timeouts;
  const stallFree = uploadsOk && busyFailed === 0 && busy.latency.p99 <= STALL_P99_MS;
  const inputMb = (timing.inputBytes / 1e6).toFixed(1);
  return {
    rows: {
      photo: {
        measured: `${fmtMs(med, 0)} median on one core (${inputMb} MB JPEG); browse p99 ${fmtMs(busy.latency.p99, 0)} at ${RATE} req/s while ${UPLOADS} uploads were processed (${fmtMs(quiet.latency.p99, 0)} without)`,
        met: med <= TARGET_MS && stallFree,
      },
    },
    details: [
      `Input: ${PHOTO_WIDTH} x ${PHOTO_HEIGHT} JPEG, ${inputMb} MB (generated once: a room of shaded blocks with sensor noise, quality 90, kept in \`${file}\`).`,
      `\`processImage\` (apps/api/src/modules/uploads/image-pipeline.ts: content checks, decode, auto-rotate, metadata dropped, every WebP size, placeholder, dHash) through the photo worker as the server runs it (apps/api/src/modules/uploads/photo-worker.ts: a child process at nice 19, the image piped to it, the sizes sent back), from a process pinned to core ${SERVER_CPU}${canPin() ? '' : ' (taskset missing: NOT pinned)'} (the worker inherits the pinning), sharp set up as the server does (one libvips thread, no cache):`,
      '',
      `- runs: ${timing.times.map((t) => `${t.toFixed(0)} ms`).join(', ')}; **median ${fmtMs(med, 0)}** (target at most ${TARGET_MS} ms)`,
      `- the same in the timing process itself (no worker): ${timing.inProcessTimes.map((t) => `${t.toFixed(0)} ms`).join(', ')}; median ${fmtMs(median(timing.inProcessTimes), 0)}`,
      `- sizes made: ${timing.sizes.map((s) => `${s.width}x${s.height} (${(s.bytes / 1000).toFixed(1)} KB)`).join(', ')}`,
      '',
      `Photo work and other calls: the real server on the ${ctx.listings.toLocaleString('en-US')}-listing embedded database, on every core as deployed (photo work in its worker process at nice 19); one warm-up upload (as browse gets 3 s of warm-up), then browse calls (every mix in turn) at ${RATE} requests/s from another process, alone for 5 s, then while ${UPLOADS} uploads of the same JPEG go through \`POST /api/uploads\` at once, sent by the load process as prebuilt multipart bodies (the load stops when the last upload has answered):`,
      '',
      '| browse at 200 req/s | p50 | p99 | max | requests | failed |',
      '|---|---|---|---|---|---|',
      p99Row('alone', quiet),
      p99Row(`while ${UPLOADS} uploads are processed`, busy),
      '',
      `Uploads answered: ${uploads.map((u) => `${u.status} in ${u.ms.toFixed(0)} ms`).join(', ')} (the last after ${fmtMs(lastUpload, 0)}). "Never stalls" is counted as met when every upload succeeded, no browse call failed and the browse p99 stayed within ${STALL_P99_MS} ms (the embedded-database browse target).`,
    ].join('\n'),
  };
}
