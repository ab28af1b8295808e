import { count } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listings, uploads, type NewListingRow } from '../../db/schema/listings.ts';
import { users } from '../../db/schema/users.ts';
import type { NewUpload } from '../uploads/uploads.repository.ts';

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
