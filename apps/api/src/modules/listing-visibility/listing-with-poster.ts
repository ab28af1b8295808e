import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { listings, type ListingRow } from '../../db/schema/listings.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

/** What a listing answer says about its poster (the phone only reaches poster and admin views). */
export interface PosterInfo {
  id: string;
  phone: string;
  name: string | null;
  agencyName: string | null;
  userType: UserRow['userType'];
  status: UserRow['status'];
  suspendedUntil: Date | null;
}

/**
 * A listing as the app reads it: every column but the place search's own (place_text and its
 * pieces, which no answer shows and which would be sent from the database on every read).
 */
export type ListingRead = Omit<ListingRow, 'placeText' | 'placeGrams'>;
const { placeText: _placeText, placeGrams: _placeGrams, ...listingReadColumns } = getTableColumns(listings);

/** A listing with its poster's standing: what `isPubliclyVisible` (listing-visibility.ts) reads. */
export interface ListingWithPoster {
  listing: ListingRead;
  poster: PosterInfo;
}

const posterColumns = {
  id: users.id,
  phone: users.phone,
  name: users.name,
  agencyName: users.agencyName,
  userType: users.userType,
  status: users.status,
  suspendedUntil: users.suspendedUntil,
};

/** The one read of a listing with its poster (inside a transaction or not). */
export async function findListingWithPoster(db: DbOrTx, id: string): Promise<ListingWithPoster | undefined> {
  const [row] = await db
    .select({ listing: listingReadColumns, poster: posterColumns })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.posterId))
    .where(eq(listings.id, id))
    .limit(1);
  return row;
}

function prepareListingWithPoster(db: Db) {
  return db
    .select({ listing: listingReadColumns, poster: posterColumns })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.posterId))
    .where(eq(listings.id, sql.placeholder('id')))
    .limit(1)
    .prepare('listing_with_poster');
}

const preparedListingWithPoster = new WeakMap<Db, ReturnType<typeof prepareListingWithPoster>>();

/**
 * findListingWithPoster outside a transaction, as the listing page's read runs it on every answer
 * not yet cached: the statement is built once per database (PostgreSQL also parses and plans it
 * once per connection), which takes about a third off each such read on the embedded database.
 */
export async function readListingWithPoster(db: Db, id: string): Promise<ListingWithPoster | undefined> {
  let prepared = preparedListingWithPoster.get(db);
  if (!prepared) {
    prepared = prepareListingWithPoster(db);
    preparedListingWithPoster.set(db, prepared);
  }
  const [row] = await prepared.execute({ id });
  return row;
}
