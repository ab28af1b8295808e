import { PGlite } from '@electric-sql/pglite';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jsonRow } from '../../db/json-row.ts';
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
  /** Verified with Fayda (docs/fayda.md): when, and the verified name. */
  faydaVerifiedAt: Date | null;
  faydaName: string | null;
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
  faydaVerifiedAt: users.faydaVerifiedAt,
  faydaName: users.faydaName,
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

const LISTING_ROW = jsonRow<ListingRead>(listingReadColumns);
const POSTER_ROW = jsonRow<PosterInfo>(posterColumns);

function listingWithPosterQuery(db: Db) {
  return db
    .select({ listing: LISTING_ROW.sql, poster: POSTER_ROW.sql })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.posterId))
    .where(eq(listings.id, sql.placeholder('id')))
    .limit(1);
}

const STATEMENT = 'listing_with_poster';
/** A listing id as the database writes it: the only text written into the statement's call. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ReadRow = (id: string) => Promise<{ listing: string; poster: string } | undefined>;
const preparedReads = new WeakMap<Db, Promise<ReadRow>>();

/**
 * The read built once per database, its columns as two JSON texts (../../db/json-row.ts: a listing
 * has some forty). PostgreSQL parses and plans a named statement once per connection. PGlite's
 * query() parses and plans its text on every call, whatever its name, and EXECUTE takes no bound
 * parameters: there the statement is prepared in the engine itself (PREPARE) and each read
 * executes it with the id written in, once checked to be a UUID (docs/performance.md, 'Figures behind choices in the code').
 */
async function prepareRead(db: Db): Promise<ReadRow> {
  const query = listingWithPosterQuery(db);
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    const prepared = query.prepare(STATEMENT);
    return async (id) => (await prepared.execute({ id }))[0];
  }
  const { sql: text, params } = query.toSQL();
  // One engine can carry several drizzle instances (tests): the statement is made once in it.
  const made = await client.query('SELECT 1 FROM pg_prepared_statements WHERE name = $1', [STATEMENT]);
  if (!made.rows.length) await client.exec(`PREPARE ${STATEMENT} AS ${text}`);
  const limit = params[1];
  if (params.length !== 2 || typeof limit !== 'number') throw new Error(`${STATEMENT}: expected the id and the limit as its parameters`);
  return async (id) => {
    if (!UUID.test(id)) return undefined;
    const { rows } = await client.query<[string, string]>(`EXECUTE ${STATEMENT}('${id}', ${limit})`, [], { rowMode: 'array' });
    const row = rows[0];
    return row && { listing: row[0], poster: row[1] };
  };
}

/**
 * findListingWithPoster outside a transaction, as the listing page's read runs it on every answer
 * not yet cached (the statement is prepared once per database, see above).
 */
export async function readListingWithPoster(db: Db, id: string): Promise<ListingWithPoster | undefined> {
  let read = preparedReads.get(db);
  if (!read) {
    read = prepareRead(db);
    preparedReads.set(db, read);
    // A failed PREPARE (the database closing) is tried again by the next read.
    read.catch(() => preparedReads.delete(db));
  }
  const row = await (await read)(id);
  return row && { listing: LISTING_ROW.read(row.listing), poster: POSTER_ROW.read(row.poster) };
}
