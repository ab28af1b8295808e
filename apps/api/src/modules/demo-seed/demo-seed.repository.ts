import { count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listings, uploads, type NewListingRow } from '../../db/schema/listings.ts';
import { users } from '../../db/schema/users.ts';
import { ledgerEntries } from '../../db/schema/wallet.ts';
import type { NewUpload } from '../uploads/listing-photos.ts';

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

export async function insertListingRows(db: DbOrTx, rows: NewListingRow[]): Promise<void> {
  if (rows.length) await db.insert(listings).values(rows);
}

export async function insertUploadRows(db: DbOrTx, rows: Array<NewUpload & { listingId: string }>): Promise<void> {
  if (rows.length) await db.insert(uploads).values(rows);
}

/** Whether the demo seed ever ran on this database (its wallets leave ledger rows of kind demo_seed). */
export async function holdsDemoMarket(db: DbOrTx, kind: string): Promise<boolean> {
  const rows = await db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.kind, kind)).limit(1);
  return rows.length > 0;
}

/**
 * Demo listings drafted by the seed go live at `at`, as a publish does (visibility live, published
 * and confirmed then): the database queues each for saved-search matching (migration 0015).
 */
export async function publishListings(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db.update(listings).set({ visibility: 'live', publishedAt: at, confirmedAt: at, confirmAskedAt: null, updatedAt: at }).where(inArray(listings.id, ids));
}
