import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import { createPhotoStorage } from './create-photo-storage.ts';
import type { PhotoStorage } from './photo-storage.ts';
import type { PhotoUrlFor } from './photo-view.ts';
import { createPhotoWorker } from './photo-worker.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { createUploadsService, type UploadsService } from './uploads.service.ts';
import { createWorkQueue } from './work-queue.ts';

export interface UploadsModule {
  storage: PhotoStorage;
  service: UploadsService;
  urlFor: PhotoUrlFor;
}

/**
 * Registers the photo calls. Image work never stalls other calls: it runs in the photo worker, a
 * child process at the lowest CPU priority (./photo-worker.ts), so the kernel gives this process's
 * event loop and database the core whenever they want it, even on a single core. At most
 * (cores - 1, at least 1) jobs run at once, each with one libvips thread; 16 more may wait, beyond
 * that uploads get 429 with retry_after. The worker is stopped when the app closes.
 * The hourly sweep of uploads no listing uses is a periodic job (src/jobs/periodic-jobs.ts).
 * sharp in this process (card tints, the demo seed's pictures) keeps one libvips thread, no cache.
 */
export async function setUpUploads(app: FastifyInstance, ctx: AppContext, storage?: PhotoStorage): Promise<UploadsModule> {
  sharp.concurrency(1);
  sharp.cache(false);
  const store = storage ?? createPhotoStorage(ctx.env);
  const concurrency = Math.max(1, os.availableParallelism() - 1);
  const queue = createWorkQueue({ concurrency, maxWaiting: 16 });
  const worker = createPhotoWorker({ concurrency, log: ctx.log });
  // A listening server starts it at once: forking the server's process holds its event loop a
  // while on a large database (docs/performance.md, 'Figures behind choices in the code'), better now than amid the first uploads (and the
  // first upload does not wait for the worker's start-up). Tests that never listen start it lazily.
  app.addHook('onListen', async () => void worker.start());
  app.addHook('onClose', async () => worker.close());
  if (!storage) app.addHook('onClose', async () => store.close?.());
  const service = createUploadsService(ctx, store, queue, (input) => worker.process(input));

  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  uploadsRoutes(app, ctx, service, store);

  return { storage: store, service, urlFor: (fileKey) => store.urlFor(fileKey) };
}
