/**
 * Times the app's own photo pipeline (processImage: checks, decode, auto-rotate, metadata strip,
 * every WebP size, placeholder, dHash) on one JPEG, as the server runs it: through the photo worker
 * (apps/api/src/modules/uploads/photo-worker.ts, a child process at nice 19, sharp set up as in
 * the server), and, for comparison, in this process. Run by `npm run bench` pinned to one core
 * (taskset -c 0; the worker inherits the pinning).
 *
 *   node --import tsx scripts/bench/photo-timing.ts <file.jpg> [runs]
 *
 * Prints one JSON line: every run's milliseconds (after one warm-up run) and the sizes made.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { processImage, type ProcessedImage } from '../../apps/api/src/modules/uploads/image-pipeline.ts';
import { createPhotoWorker } from '../../apps/api/src/modules/uploads/photo-worker.ts';

const [file, runsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: photo-timing.ts <file.jpg> [runs]');
  process.exit(2);
}
const runs = Number(runsArg ?? 5);
sharp.concurrency(1);
sharp.cache(false);

const input = fs.readFileSync(file);

async function timed(process: (input: Buffer) => Promise<ProcessedImage>): Promise<{ warm: ProcessedImage; times: number[] }> {
  const warm = await process(input);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await process(input);
    times.push(performance.now() - started);
  }
  return { warm, times };
}

const worker = createPhotoWorker();
const viaWorker = await timed((bytes) => worker.process(bytes));
await worker.close();
const inProcess = await timed(processImage);
process.stdout.write(
  `${JSON.stringify({
    inputBytes: input.length,
    times: viaWorker.times,
    inProcessTimes: inProcess.times,
    sizes: viaWorker.warm.renditions.map((r) => ({ width: r.width, height: r.height, bytes: r.data.length })),
    placeholderBytes: viaWorker.warm.placeholder.length,
  })}\n`,
);
