import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { claimJobRun, finishJobRun, jobsMaybeDue } from './job-runs.repository.ts';

/**
 * A job that runs once per period across every server. `run` must leave nothing half done if the
 * process dies in the middle: one transaction, or steps that are safe to repeat on the next run.
 */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  /** How long a run may take before another server may start one (default: the period, at most 15 minutes). */
  leaseMs?: number;
  run(now: Date): Promise<unknown>;
}

export interface JobRunnerOptions {
  db: DbOrTx;
  jobs: PeriodicJob[];
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** How often this process looks for due jobs (default 60 s). */
  checkEveryMs?: number;
  /** Names this process in job_runs.holder (default host:pid:random). */
  holder?: string;
  /** Told of every run this process made: the job, whether it succeeded, how long it took (/metrics). */
  onRun?: (job: string, ok: boolean, seconds: number) => void;
}

export interface JobRunner {
  readonly holder: string;
  /** Runs every due job this process can claim; answers the names it ran. */
  tick(): Promise<string[]>;
  /** A tick now and then every checkEveryMs. */
  start(): void;
  /** No more ticks; waits for a run in progress. */
  stop(): Promise<void>;
}

const MAX_LEASE_MS = 15 * 60 * 1000;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const checkEveryMs = options.checkEveryMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<string[]> | undefined;
  let stopped = false;

  async function runOne(job: PeriodicJob): Promise<boolean> {
    const startedAt = options.now();
    const leaseMs = job.leaseMs ?? Math.min(job.everyMs, MAX_LEASE_MS);
    if (!(await claimJobRun(options.db, job.name, startedAt, job.everyMs, leaseMs, holder))) return false;
    let failure: string | null = null;
    const began = performance.now();
    try {
      const result = await job.run(startedAt);
      options.log.info({ job: job.name, result, ms: Date.now() - startedAt.getTime() }, 'periodic job ran');
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      options.log.warn({ job: job.name, err: failure }, 'periodic job failed');
    }
    options.onRun?.(job.name, failure === null, (performance.now() - began) / 1000);
    await finishJobRun(options.db, job.name, holder, options.now(), failure);
    return true;
  }

  async function tick(): Promise<string[]> {
    const ran: string[] = [];
    // One read first: only the jobs that may be due are claimed (a claim is a write).
    let due: Set<string>;
    try {
      due = await jobsMaybeDue(
        options.db,
        options.jobs.map((job) => job.name),
        options.now(),
      );
    } catch (error) {
      // The database was unreachable: every job stays due and the next tick tries again.
      options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'periodic jobs not read');
      return ran;
    }
    for (const job of options.jobs) {
      if (stopped) break;
      if (!due.has(job.name)) continue;
      // Let the calls that arrived meanwhile in first: on the embedded database a statement runs on
      // this thread, and jobs run back to back would otherwise hold it until the last one ends.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        if (await runOne(job)) ran.push(job.name);
      } catch (error) {
        // The database was unreachable: the job stays due and the next tick tries again.
        options.log.warn({ job: job.name, err: error instanceof Error ? error.message : String(error) }, 'periodic job not claimed');
      }
    }
    return ran;
  }

  function guardedTick(): Promise<string[]> {
    // One tick at a time in this process; a slow job does not pile up ticks behind it.
    current ??= tick().finally(() => {
      current = undefined;
    });
    return current;
  }

  return {
    holder,
    tick: guardedTick,
    start() {
      stopped = false;
      void guardedTick();
      timer = setInterval(() => void guardedTick(), checkEveryMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
