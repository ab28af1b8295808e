import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import { FsPhotoStorage } from './fs-photo-storage.ts';
import type { PhotoStorage } from './photo-storage.ts';
import type { PhotoUrlFor } from './photo-view.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { createUploadsService, type UploadsService } from './uploads.service.ts';
import { createWorkQueue } from './work-queue.ts';

const SWEEP_EVERY_MS = 3600 * 1000;

export interface UploadsModule {
  storage: PhotoStorage;
  service: UploadsService;
  urlFor: PhotoUrlFor;
}

/**
 * Registers the photo calls. Image work is kept from stalling other calls: each sharp job uses one
 * libvips thread (sharp.concurrency(1)), and at most (cores - 1, at least 1) jobs run at once, so a
 * core stays free for the event loop and the database; 16 more may wait, beyond that uploads get
 * 429 with retry_after. sharp runs off the event loop on libuv threads.
 * Also starts the hourly sweep of uploads no listing uses (stopped when the app closes).
 */
export async function setUpUploads(app: FastifyInstance, ctx: AppContext, storage?: PhotoStorage): Promise<UploadsModule> {
  sharp.concurrency(1);
  sharp.cache(false);
  const store = storage ?? new FsPhotoStorage(path.join(ctx.env.dataDir, 'uploads'));
  const queue = createWorkQueue({ concurrency: Math.max(1, os.availableParallelism() - 1), maxWaiting: 16 });
  const service = createUploadsService(ctx, store, queue);

  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  uploadsRoutes(app, ctx, service, store);

  const sweep = () => {
    service
      .removeOrphans(ctx.now())
      .then((removed) => {
        if (removed) ctx.log.info({ removed }, 'orphan uploads removed');
      })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'orphan upload sweep failed'));
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return { storage: store, service, urlFor: (fileKey) => store.urlFor(fileKey) };
}
