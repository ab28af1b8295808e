import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema/listings.ts';
import type { NewUpload } from './listing-photos.ts';

export async function insertUpload(db: DbOrTx, upload: NewUpload): Promise<void> {
  await db.insert(uploads).values(upload);
}

/**
 * Up to `limit` keys of uploads no listing has used since `before`, locked for the rest of the
 * transaction; rows an attach holds are skipped (it decides first).
 */
export async function lockOrphanUploads(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const since = sql`coalesce(${uploads.releasedAt}, ${uploads.createdAt})`;
  const rows = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(isNull(uploads.listingId), lt(since, before)))
    .orderBy(uploads.key)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.key);
}

export async function deleteUploadsByKeys(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.key, keys));
}
