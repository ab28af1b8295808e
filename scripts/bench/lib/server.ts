import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Node's flags in the start command (package.json `start`, Dockerfile, deploy/betoch.service). */
export const START_FLAGS = ['--single-threaded-gc', '--max-semi-space-size=16', '--heap-growing-percent=300', '--external-memory-accounted-in-global-limit'];

/**
 * The Node binary and flags the bench's servers start with: this process's node and START_FLAGS,
 * unless `--server-node` / `--start-flags` name others (to compare runtimes and flags, same hour).
 */
const runtime = { node: process.execPath, flags: START_FLAGS };

export function useServerRuntime(node: string, flags: string[]): void {
  runtime.node = node;
  runtime.flags = flags;
}

/** The version the servers' Node prints (`v24.22.3`). */
export function serverNodeVersion(): string {
  return execFileSync(runtime.node, ['--version'], { encoding: 'utf8' }).trim();
}

/** Each stopped server's peak resident memory in MB (VmHWM), by the name of its log file; run.ts reads and clears it per part. */
export const peakMemoryMb = new Map<string, number>();

function peakResidentMb(pid: number): number | null {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  webDist?: string;
  databaseUrl?: string;
  seedDemo?: boolean;
  /** Cores to pin the server to (taskset -c), e.g. '0'; absent: every core. */
  cpus?: string;
  logFile: string;
  logLevel?: string;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** performance.now() of this process just before the server was spawned (start-up time is counted from it). */
  spawnedAt: number;
  /** Milliseconds from the spawn until /api/readyz answered (polled every 20 ms). */
  readyMs: number;
  stop(): Promise<void>;
}

/** Whether `taskset` exists (util-linux); without it nothing is pinned and the report says so. */
export function canPin(): boolean {
  return fs.existsSync('/usr/bin/taskset') || fs.existsSync('/bin/taskset');
}

/** Command and arguments, pinned to `cpus` with taskset when asked and possible. */
export function pinned(cpus: string | undefined, command: string, args: string[]): [string, string[]] {
  if (!cpus || !canPin()) return [command, args];
  return ['taskset', ['-c', cpus, command, ...args]];
}

/**
 * Empties the kernel's file cache (`sync`, then 3 into /proc/sys/vm/drop_caches), so that a start
 * reads the database files, node_modules and the build from disk as after a reboot; false when
 * this process may not (not root, or a container that refuses it).
 */
export function emptyFileCache(): boolean {
  try {
    execFileSync('sync');
    fs.writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

async function waitReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited (${child.exitCode}) before it was ready; see ${logFile}:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${url}/api/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`the server was not ready after ${timeoutMs / 1000} s; see ${logFile}:\n${tail(logFile)}`);
}

/**
 * Waits until the server's log holds `message` (a log line's msg), at most `timeoutMs`: for the
 * work a server does once after it starts, such as the browse index's first load.
 */
export async function waitForLogMessage(logFile: string, message: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  const needle = `"msg":${JSON.stringify(message)}`;
  while (performance.now() - started < timeoutMs) {
    if (fs.readFileSync(logFile, 'utf8').includes(needle)) return performance.now() - started;
    await sleep(200);
  }
  throw new Error(`the server did not log "${message}" within ${timeoutMs / 1000} s; see ${logFile}:\n${tail(logFile)}`);
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts the real server (apps/api/dist/main.js, built by `npm run build:api`, as `npm start` runs it) in its own process and
 * waits until /api/readyz answers. Demo mode, so the sign-in code comes back in the answer.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_MODE: 'demo',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    LOG_LEVEL: options.logLevel ?? 'info',
    WEB_DIST: options.webDist ?? path.join(options.dataDir, 'no-web-build'),
    INIT_CWD: ROOT,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'w');
  const [command, args] = pinned(options.cpus, runtime.node, [...runtime.flags, 'apps/api/dist/main.js']);
  // taskset execs node in place, so the child's pid is the server's.
  const spawnedAt = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const peak = peakResidentMb(child.pid!);
    if (peak !== null) peakMemoryMb.set(path.basename(options.logFile, '.log'), peak);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitReady(url, child, options.logFile, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, spawnedAt, readyMs: performance.now() - spawnedAt, stop };
}

/** Fails early with a clear message when a port is already taken (e.g. by another run). */
export async function assertPortFree(port: number): Promise<void> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`port ${port} is in use: stop what listens there or pass --port=<another>`);
}
