import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, pinned } from './server.ts';

const run = promisify(execFile);

export interface LoadJob {
  base: string;
  paths: string[];
  connections?: number;
  /** Seconds (a cap when `uploads` is set). */
  duration?: number;
  /** Overall requests per second (autocannon overallRate); absent: as fast as the server answers. */
  rate?: number;
  /** Evenly spaced calls at `rate` (open loop) instead of autocannon's once-a-second bursts. */
  paced?: boolean;
  uploads?: { token: string; file: string; count: number; delayMs?: number };
}

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  durationS: number;
  latency: { p50: number; p90: number; p97_5: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  uploads?: Array<{ status: number; ms: number }>;
}

/** The core the load generator runs on (the server gets LOAD_CPU's neighbour, core 0). */
export const LOAD_CPU = '1';
export const SERVER_CPU = '0';

/** Runs one autocannon job in a separate process pinned to LOAD_CPU. */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-load-')), 'job.json');
  fs.writeFileSync(file, JSON.stringify(job));
  try {
    const [command, args] = pinned(os.availableParallelism() > 1 ? LOAD_CPU : undefined, process.execPath, [path.join(ROOT, 'scripts/bench/load.mjs'), file]);
    const { stdout } = await run(command, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
