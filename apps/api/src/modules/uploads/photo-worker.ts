import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiRoot, RUNS_BUILT } from '../../config/api-root.ts';
import { AppError } from '../../lib/app-error.ts';
import { unsupportedImage, type ProcessedImage } from './image-pipeline.ts';
import { frameHeader, type WorkerMessage } from './photo-worker-protocol.ts';

/**
 * The worker runs as the server does: built (dist/photo-worker-main.js beside dist/main.js,
 * `npm start`), or as TypeScript through tsx (`npm run dev`, the tests).
 */
const WORKER_COMMAND = RUNS_BUILT
  ? [path.join(apiRoot(), 'dist', 'photo-worker-main.js')]
  : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, fileURLToPath(new URL('./photo-worker-main.ts', import.meta.url))];
const LOWEST_PRIORITY = 19;
/** The pipeline's own steps give up after 30 s each; a job still running after this is stuck. */
const JOB_TIMEOUT_MS = 120_000;
/** How long close() lets the worker end by itself before killing it. */
const STOP_GRACE_MS = 5_000;

export interface PhotoWorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PhotoWorker {
  /** processImage (./image-pipeline.ts) in the worker process: the same answer, the same refusals. */
  process(input: Buffer): Promise<ProcessedImage>;
  /** The worker's process id while one runs. */
  readonly pid: number | undefined;
  /**
   * Starts the worker now rather than with the first job (the server does so once it listens);
   * resolves when it is ready for jobs, or has ended trying (the next job then reports why).
   */
  start(): Promise<void>;
  /** Stops the worker (jobs still in flight fail); the server calls it when it closes. */
  close(): Promise<void>;
}

interface Job {
  resolve(image: ProcessedImage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Running {
  child: ChildProcess;
  jobs: Map<number, Job>;
  ready: boolean;
  /** Resolves on the worker's 'ready' message or its end, whichever comes first. */
  settled: Promise<void>;
  exited: Promise<void>;
}

/**
 * Runs the image pipeline in a child process at the lowest CPU priority (nice 19), so photo work
 * (decoding, resizing, encoding, the markup scan, the garbage of 40 MB pixel buffers) never takes
 * the core from the server's event loop: the kernel runs the worker only when the server has
 * nothing to do. The worker starts with the first job (or start()) and stays; when it dies (a
 * crash, a job over JOB_TIMEOUT_MS), its jobs in flight are refused as an unreadable image (415,
 * what the pipeline answers when decoding fails) and the next job starts a new one. `concurrency`
 * is how many jobs the caller lets overlap (libuv threads of the worker).
 */
export function createPhotoWorker(options: { concurrency?: number; log?: PhotoWorkerLog; jobTimeoutMs?: number; stopGraceMs?: number } = {}): PhotoWorker {
  const jobTimeoutMs = options.jobTimeoutMs ?? JOB_TIMEOUT_MS;
  const stopGraceMs = options.stopGraceMs ?? STOP_GRACE_MS;
  const threads = Math.max(4, options.concurrency ?? 1);
  let current: Running | null = null;
  let nextId = 1;
  let closing = false;

  function setIdle(w: Running, idle: boolean): void {
    // An idle worker does not keep the server's process alive; one with a job does.
    const handles = [w.child, w.child.channel, w.child.stdin as Socket | null];
    for (const handle of handles) {
      if (idle) handle?.unref();
      else handle?.ref();
    }
  }

  function ended(w: Running, how: string): void {
    if (current === w) current = null;
    if (!w.jobs.size) {
      if (!closing) options.log?.warn({ how }, 'photo worker ended while idle: the next job starts a new one');
    } else {
      if (closing) options.log?.warn({ jobs: w.jobs.size }, 'photo worker stopped with jobs in flight: the server is closing');
      else if (!w.ready) options.log?.error({ how }, 'photo worker failed to start');
      else options.log?.warn({ how, jobs: w.jobs.size }, 'photo worker ended during a job: its jobs are refused, the next one starts a new worker');
    }
    for (const job of w.jobs.values()) {
      clearTimeout(job.timer);
      if (closing) job.reject(new Error('photo worker stopped: the server is closing'));
      else if (!w.ready) job.reject(new Error(`photo worker failed to start (${how})`));
      else job.reject(unsupportedImage());
    }
    w.jobs.clear();
  }

  function settle(w: Running, id: number, answer: (job: Job) => void): void {
    const job = w.jobs.get(id);
    if (!job) return;
    w.jobs.delete(id);
    clearTimeout(job.timer);
    if (!w.jobs.size) setIdle(w, true);
    answer(job);
  }

  function spawnWorker(): Running {
    const child = spawn(process.execPath, WORKER_COMMAND, {
      stdio: ['pipe', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
      env: { ...process.env, UV_THREADPOOL_SIZE: String(threads) },
    });
    let exited!: () => void;
    let settled!: () => void;
    const w: Running = {
      child,
      jobs: new Map(),
      ready: false,
      settled: new Promise<void>((resolve) => (settled = resolve)),
      exited: new Promise<void>((resolve) => (exited = resolve)).then(() => settled()),
    };
    if (child.pid !== undefined) {
      try {
        // At once, so the worker's start-up already runs at the low priority (it also lowers itself).
        os.setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // it has already ended; 'exit' tells
      }
    }
    child.stdin?.on('error', () => undefined); // a worker that died: 'exit' refuses its jobs
    child.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') {
        w.ready = true;
        settled();
      } else if (message.kind === 'done') settle(w, message.id, (job) => job.resolve(message.image));
      else if (message.kind === 'refused') settle(w, message.id, (job) => job.reject(new AppError(message.code, message.message, message.extra)));
      else settle(w, message.id, (job) => job.reject(new Error(`photo worker: ${message.message}`)));
    });
    child.once('error', (error) => {
      // Spawning failed (no 'exit' follows) or a signal could not be sent.
      if (child.exitCode === null && child.signalCode === null && child.pid === undefined) {
        ended(w, error.message);
        exited();
      }
    });
    child.once('exit', (code, signal) => {
      ended(w, signal ? `signal ${signal}` : `exit code ${code}`);
      exited();
    });
    setIdle(w, true);
    return w;
  }

  return {
    get pid() {
      return current?.child.pid;
    },

    async start(): Promise<void> {
      if (closing) return;
      current ??= spawnWorker();
      await current.settled;
    },

    process(input: Buffer): Promise<ProcessedImage> {
      if (closing) return Promise.reject(new Error('photo worker stopped: the server is closing'));
      const w = current ?? (current = spawnWorker());
      const id = nextId;
      nextId = (nextId % 0xffff_ffff) + 1;
      return new Promise<ProcessedImage>((resolve, reject) => {
        const timer = setTimeout(() => {
          options.log?.warn({ ms: jobTimeoutMs }, 'photo job took too long: the photo worker is stopped');
          w.child.kill('SIGKILL');
        }, jobTimeoutMs);
        w.jobs.set(id, { resolve, reject, timer });
        setIdle(w, false);
        w.child.stdin?.write(frameHeader(id, input.length));
        w.child.stdin?.write(input);
      });
    },

    async close(): Promise<void> {
      closing = true;
      const w = current;
      if (!w) return;
      if (w.child.exitCode === null && w.child.signalCode === null) {
        // Ending the channel and stdin makes the worker exit; it is killed if it does not.
        const kill = setTimeout(() => w.child.kill('SIGKILL'), stopGraceMs);
        if (w.child.connected) w.child.disconnect();
        w.child.stdin?.end();
        await w.exited;
        clearTimeout(kill);
      }
      current = null;
    },
  };
}
