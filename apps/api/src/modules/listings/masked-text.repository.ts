import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema/conversations.ts';
import { listings } from '../../db/schema/listings.ts';

/** Rows whose masked text was written by an older masker (or none), in id order after `after`. */
export async function listingsToMask(db: DbOrTx, version: number, after: string | null, limit: number) {
  return db
    .select({ id: listings.id, title: listings.title, description: listings.description, specificLocation: listings.specificLocation })
    .from(listings)
    .where(after === null ? lt(listings.maskedWith, version) : and(lt(listings.maskedWith, version), gt(listings.id, after)))
    .orderBy(asc(listings.id))
    .limit(limit);
}

/** Stores a listing's masked text, leaving its other columns (and updated_at) alone. */
export async function storeListingMasked(
  db: DbOrTx,
  id: string,
  masked: { titleMasked: string; descriptionMasked: string; specificLocationMasked: string | null; maskedWith: number },
): Promise<void> {
  await db.update(listings).set(masked).where(eq(listings.id, id));
}

export async function messagesToMask(db: DbOrTx, version: number, after: number, limit: number) {
  return db
    .select({ id: messages.id, seq: messages.seq, body: messages.body })
    .from(messages)
    .where(and(lt(messages.maskedWith, version), gt(messages.seq, after)))
    .orderBy(asc(messages.seq))
    .limit(limit);
}

export async function storeMessageMasked(db: DbOrTx, id: string, bodyMasked: string, maskedWith: number): Promise<void> {
  await db.update(messages).set({ bodyMasked, maskedWith }).where(eq(messages.id, id));
}
