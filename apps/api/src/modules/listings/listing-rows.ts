import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listings, type CoverPhoto, type ListingRow, type NewListingRow } from '../../db/schema/listings.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { maskedListingColumns } from './listing-text-masking.ts';

/**
 * What other modules use of the listings' rows (the listings module's public surface for them, as
 * users/user-rows.ts is the users'): the row locks and the update freshness's answers make, and
 * the columns a listing card is drawn from (favourites' saved listings). listings.repository.ts
 * stays the listings module's own.
 */

/** Locks the listing row for the rest of the transaction. */
export async function lockListing(db: DbOrTx, id: string): Promise<ListingRow | undefined> {
  const [row] = await db.select().from(listings).where(eq(listings.id, id)).for('no key update');
  return row;
}

/**
 * Locks the poster's user row (SELECT ... FOR NO KEY UPDATE): every publish of one poster runs one after
 * the other from here, so the live-listing count they check cannot change under them.
 */
export async function lockPoster(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

/** Changes a listing; changed free text gets its masked form written with it. */
export async function updateListing(db: DbOrTx, id: string, patch: Partial<NewListingRow>): Promise<ListingRow> {
  const [row] = await db
    .update(listings)
    .set({ ...patch, ...maskedListingColumns(patch) })
    .where(eq(listings.id, id))
    .returning();
  if (!row) throw new Error('listing update matched nothing');
  return row;
}

export interface BrowseRow {
  id: string;
  title: string;
  titleMasked: string | null;
  titleGenerated: boolean;
  type: ListingRow['type'];
  priceEtb: number;
  bedrooms: number | null;
  bathrooms: number | null;
  areaSqm: number | null;
  specificLocation: string | null;
  specificLocationMasked: string | null;
  subcity: string;
  source: ListingRow['source'];
  coverPhoto: CoverPhoto | null;
  photoCount: number;
  publishedAt: Date | null;
  posterVerified: boolean;
}

/** The columns a listing card is drawn from (browse, and the saved listings of favourites). */
export const CARD_COLUMNS = {
  id: listings.id,
  title: listings.title,
  titleMasked: listings.titleMasked,
  titleGenerated: listings.titleGenerated,
  type: listings.type,
  priceEtb: listings.priceEtb,
  bedrooms: listings.bedrooms,
  bathrooms: listings.bathrooms,
  areaSqm: listings.areaSqm,
  specificLocation: listings.specificLocation,
  specificLocationMasked: listings.specificLocationMasked,
  subcity: listings.subcity,
  source: listings.source,
  coverPhoto: listings.coverPhoto,
  photoCount: listings.photoCount,
  publishedAt: listings.publishedAt,
  posterVerified: listings.posterVerified,
};
