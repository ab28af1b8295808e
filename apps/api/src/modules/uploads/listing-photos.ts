import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads, type StoredPhoto, type UploadRow } from '../../db/schema/listings.ts';

/**
 * Uploads as a listing uses them: locked, attached and released with the listing's photos, and
 * turned into the photo a listing stores. The listings module and the demo seed call these.
 */

export type NewUpload = Pick<UploadRow, 'key' | 'ownerId' | 'bytes' | 'width' | 'height' | 'sizes' | 'placeholder' | 'phash' | 'createdAt'>;

/** The uploads with these keys, locked for the rest of the transaction (so a sweep cannot race an attach). */
export async function lockUploadsByKeys(db: DbOrTx, keys: string[]): Promise<UploadRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.key, keys)).for('update');
}

/** Marks the uploads as used by the listing. */
export async function attachUploads(db: DbOrTx, listingId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.update(uploads).set({ listingId, releasedAt: null }).where(inArray(uploads.key, keys));
}

/** The listing no longer uses its uploads except `keep`: their day of grace starts now. */
export async function releaseUploads(db: DbOrTx, listingId: string, keep: string[], now: Date): Promise<void> {
  const condition = keep.length ? and(eq(uploads.listingId, listingId), notInArray(uploads.key, keep)) : eq(uploads.listingId, listingId);
  await db.update(uploads).set({ listingId: null, releasedAt: now }).where(condition);
}

export function toStoredPhoto(row: UploadRow): StoredPhoto {
  return { key: row.key, width: row.width, height: row.height, sizes: row.sizes, placeholder: row.placeholder };
}
