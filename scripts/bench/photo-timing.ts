/**
 * Times the app's own photo pipeline (processImage: checks, decode, auto-rotate, metadata strip,
 * every WebP size, placeholder, dHash) on one JPEG. Run by `npm run bench` pinned to one core
 * (taskset -c 0); sharp is set up as the server sets it up (uploads.setup.ts).
 *
 *   node --import tsx scripts/bench/photo-timing.ts <file.jpg> [runs]
 *
 * Prints one JSON line: every run's milliseconds (after one warm-up run) and the sizes made.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { processImage } from '../../apps/api/src/modules/uploads/image-pipeline.ts';

const [file, runsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: photo-timing.ts <file.jpg> [runs]');
  process.exit(2);
}
const runs = Number(runsArg ?? 5);
sharp.concurrency(1);
sharp.cache(false);

const input = fs.readFileSync(file);
const warm = await processImage(input);
const times: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const started = performance.now();
  await processImage(input);
  times.push(performance.now() - started);
}
process.stdout.write(
  `${JSON.stringify({
    inputBytes: input.length,
    times,
    sizes: warm.renditions.map((r) => ({ width: r.width, height: r.height, bytes: r.data.length })),
    placeholderBytes: warm.placeholder.length,
  })}\n`,
);
