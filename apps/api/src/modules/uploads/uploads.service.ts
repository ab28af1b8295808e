import { randomUUID } from 'node:crypto';
import type { TPhoto } from '@betoch/contracts/uploads';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotSuspended, type AuthUser } from '../auth/authenticate.ts';
import { processImage, type ProcessedImage } from './image-pipeline.ts';
import { fileKeyOf, type PhotoStorage } from './photo-storage.ts';
import { toPhotoAnswer } from './photo-view.ts';
import type { StoredPhotoSize } from '../../db/schema/listings.ts';
import { deleteUploadsByKeys, insertUpload, lockOrphanUploads } from './uploads.repository.ts';
import { toStoredPhoto, type NewUpload } from './listing-photos.ts';
import type { WorkQueue } from './work-queue.ts';
import { RETENTION } from '../retention/retention-periods.ts';

/** Uploads no listing uses are removed this long after upload (or after leaving a listing). */
export const ORPHAN_GRACE_MS = RETENTION.orphanUploadMs;
const UPLOADS_PER_USER_PER_HOUR = 120;
const SWEEP_BATCH = 100;

/**
 * `processPhoto` turns the uploaded bytes into the stored sizes: the photo worker's process
 * (./photo-worker.ts) in the server, processImage in this process where nothing uploads.
 */
export function createUploadsService(
  ctx: AppContext,
  storage: PhotoStorage,
  queue: WorkQueue,
  processPhoto: (input: Buffer) => Promise<ProcessedImage> = processImage,
) {
  /** Writes the renditions of a new upload key; answers the key and its sizes. */
  async function writeFiles(image: ProcessedImage): Promise<{ key: string; sizes: StoredPhotoSize[] }> {
    const key = randomUUID();
    const sizes = image.renditions.map((r) => ({ width: r.width, height: r.height, key: fileKeyOf(key, r.width), bytes: r.data.length }));
    try {
      for (const [i, r] of image.renditions.entries()) await storage.put(sizes[i]!.key, r.data);
    } catch (error) {
      await storage.removeUpload(key).catch(() => undefined);
      throw error;
    }
    return { key, sizes };
  }

  function uploadRow(ownerId: string, image: ProcessedImage, files: { key: string; sizes: StoredPhotoSize[] }, bytes: number): NewUpload {
    return {
      key: files.key,
      ownerId,
      bytes,
      width: image.width,
      height: image.height,
      sizes: files.sizes,
      placeholder: image.placeholder,
      phash: image.phash,
      createdAt: ctx.now(),
    };
  }

  return {
    /** POST /uploads: one image, checked and re-encoded; answers the stored photo. */
    async upload(user: AuthUser, content: Buffer): Promise<TPhoto> {
      assertNotSuspended(user);
      const count = await ctx.kv.increment(`uploads:user:${user.id}`, 3600);
      if (count.count > UPLOADS_PER_USER_PER_HOUR) throw new AppError('rate_limited', undefined, { retry_after: count.ttl });
      const image = await queue.run(() => processPhoto(content));
      const files = await writeFiles(image);
      const row = uploadRow(user.id, image, files, content.length);
      try {
        await insertUpload(ctx.db, row);
      } catch (error) {
        await storage.removeUpload(files.key).catch(() => undefined);
        throw error;
      }
      return toPhotoAnswer(toStoredPhoto({ ...row, listingId: null, releasedAt: null }), (k) => storage.urlFor(k));
    },

    /**
     * For images made on the server (the demo seed): writes the files and answers the upload row
     * for the caller to insert in its own transaction.
     */
    async saveGenerated(ownerId: string, image: ProcessedImage): Promise<NewUpload> {
      const files = await writeFiles(image);
      return uploadRow(
        ownerId,
        image,
        files,
        files.sizes.reduce((n, s) => n + s.bytes, 0),
      );
    },

    /**
     * Removes uploads that no listing has used for a day. Each batch is one transaction: rows locked,
     * files removed, rows deleted. A process that dies midway leaves the rows, and the next sweep
     * removes the same files again (removing what is gone is no error), so nothing is half done.
     */
    async removeOrphans(now: Date): Promise<number> {
      const before = new Date(now.getTime() - ORPHAN_GRACE_MS);
      let removed = 0;
      for (;;) {
        const keys = await ctx.db.transaction(async (tx) => {
          const locked = await lockOrphanUploads(tx, before, SWEEP_BATCH);
          for (const key of locked) await storage.removeUpload(key);
          await deleteUploadsByKeys(tx, locked);
          return locked;
        });
        removed += keys.length;
        if (keys.length < SWEEP_BATCH) return removed;
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
