import type { Db } from '../../db/client.ts';
import { MASKER_VERSION } from '../contact-masking/contact-masking.ts';
import { maskText } from './listing-text-masking.ts';
import { listingsToMask, messagesToMask, storeListingMasked, storeMessageMasked } from './masked-text.repository.ts';

const BATCH = 200;

/**
 * At start, before the first call is answered: masks every listing and message whose masked text
 * is missing or was written by an older masker (MASKER_VERSION), in batches, each batch in its own
 * transaction. Rows written while the server runs are masked as they are written. Answers how
 * many rows were masked.
 */
export async function maskStoredText(db: Db): Promise<{ listings: number; messages: number }> {
  let listingCount = 0;
  for (let after: string | null = null; ;) {
    const rows = await listingsToMask(db, MASKER_VERSION, after, BATCH);
    if (rows.length === 0) break;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await storeListingMasked(tx, row.id, {
          titleMasked: maskText(row.title),
          descriptionMasked: maskText(row.description),
          specificLocationMasked: row.specificLocation === null ? null : maskText(row.specificLocation),
          maskedWith: MASKER_VERSION,
        });
      }
    });
    listingCount += rows.length;
    after = rows[rows.length - 1]!.id;
  }
  let messageCount = 0;
  for (let after = 0; ;) {
    const rows = await messagesToMask(db, MASKER_VERSION, after, BATCH);
    if (rows.length === 0) break;
    await db.transaction(async (tx) => {
      for (const row of rows) await storeMessageMasked(tx, row.id, maskText(row.body), MASKER_VERSION);
    });
    messageCount += rows.length;
    after = rows[rows.length - 1]!.seq;
  }
  return { listings: listingCount, messages: messageCount };
}
