import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { apiRoot, RUNS_BUILT } from '../../config/api-root.ts';
import type { Env } from '../../config/env.ts';
import type { ProcessedImage } from '../uploads/image-pipeline.ts';
import { seededRandom } from './demo-market.ts';
import { planMarket, type PlannedListing } from './demo-plan.ts';
import { drawDemoPicture } from './demo-pictures.ts';

/** Runs jobs with at most `limit` at once (both cores for the drawings, no more). */
export async function inBatches<T, R>(items: T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await job(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The market and, in order, each listing's pictures to draw, each from its own seeded random source. */
export function planDemo(now: Date) {
  const random = seededRandom(20_261_122);
  const planned = planMarket(random, now);
  const pictures = planned.flatMap((listing) => listing.spec.pictures.map((kind) => ({ listing, kind, random: seededRandom(Math.floor(random() * 2 ** 31)) })));
  return { planned, pictures };
}

const formOf = (listing: PlannedListing) => (listing.spec.type === 'house' || listing.spec.type === 'villa' ? 'house' : 'block');

/**
 * The demo market's photos, drawn (most of the seed's time), in the plan's order. The plan's random
 * draws do not depend on the time, so these are the seed's pictures whenever they are drawn.
 */
export function drawDemoPhotos(): Promise<ProcessedImage[]> {
  const { pictures } = planDemo(new Date());
  return inBatches(pictures, 2, (job) => drawDemoPicture(job.kind, job.listing.spec.hue, job.random, formOf(job.listing)));
}

/** The built server draws in a thread of its own (dist/demo-photos-worker-main.js, ./demo-photos-worker-main.ts). */
function drawInThread(): Promise<ProcessedImage[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(apiRoot(), 'dist', 'demo-photos-worker-main.js'));
    worker.once('message', (images: ProcessedImage[]) => {
      // Buffers arrive as plain byte arrays.
      for (const image of images) {
        for (const r of image.renditions) r.data = Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength);
      }
      resolve(images);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the demo photos' thread ended (code ${code}) before answering`)));
  });
}

/**
 * On a first start (`databaseIsNew`: an embedded database not created yet) in demo mode, the demo's
 * photos start drawing at once: they need no database, so they are drawn while the database is
 * created (PGlite's initdb, which holds the server's thread for seconds at a time), on the other
 * core; the seed (`photos` in its deps) then only stores them. The built server draws in a thread
 * of its own; run as TypeScript (dev), in its own thread's spare moments.
 */
export function drawDemoPhotosAhead(env: Pick<Env, 'mode' | 'seedDemo'>, databaseIsNew: boolean): Promise<ProcessedImage[]> | undefined {
  if (env.mode !== 'demo' || !env.seedDemo || !databaseIsNew) return undefined;
  const photos = RUNS_BUILT ? drawInThread() : drawDemoPhotos();
  // Awaited by the seed; a failure is its to report (the seed runs on a new database, so it runs).
  photos.catch(() => undefined);
  return photos;
}
