/**
 * The photo worker: a child process of the server (started by ./photo-worker.ts) that runs the
 * image pipeline at the lowest CPU priority, so the kernel gives the server's event loop the core
 * whenever both want it. Jobs come as frames on stdin (./photo-worker-protocol.ts) and may overlap
 * (the server's work queue bounds how many); answers go back on the IPC channel. It exits when the
 * server disconnects (the server closing, or dying), and leaves SIGINT and SIGTERM to the server,
 * which finishes the calls in flight first.
 */
import fs from 'node:fs';
import os from 'node:os';
import { createFrameReader, type WorkerMessage } from './photo-worker-protocol.ts';

const LOWEST_PRIORITY = 19;

/** Every thread of this process at nice 19 (Linux sets the priority per thread); threads started later inherit it. */
function lowerPriority(): void {
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    // not Linux: the call below sets the whole process
  }
  for (const tid of tasks) {
    try {
      os.setPriority(Number(tid), LOWEST_PRIORITY);
    } catch {
      // a thread that has just ended
    }
  }
  os.setPriority(0, LOWEST_PRIORITY);
}

lowerPriority();
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
process.on('disconnect', () => process.exit(0));

// Loaded after lowering the priority, so that loading them already runs at the low priority.
const { default: sharp } = await import('sharp');
const { processImage } = await import('./image-pipeline.ts');
const { AppError } = await import('../../lib/app-error.ts');

// As the server had it: one libvips thread per job, no operation cache between jobs.
sharp.concurrency(1);
sharp.cache(false);

function answer(message: WorkerMessage): void {
  if (process.connected) process.send!(message);
}

async function run(id: number, input: Buffer): Promise<void> {
  try {
    answer({ kind: 'done', id, image: await processImage(input) });
  } catch (error) {
    if (error instanceof AppError) answer({ kind: 'refused', id, code: error.code, message: error.message, extra: error.extra });
    else answer({ kind: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  }
}

process.stdin.on(
  'data',
  createFrameReader((id, data) => void run(id, data)),
);
process.stdin.on('end', () => process.exit(0));
answer({ kind: 'ready' });
