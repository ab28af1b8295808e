import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { listings, uploads, type ListingRow, type StoredPhoto } from '../../db/schema/listings.ts';
import { duplicateClusterMembers, duplicateClusters, duplicatePairs, type DuplicateClusterRow, type DuplicatePairRow } from '../../db/schema/trust.ts';
import { users } from '../../db/schema/users.ts';

/** What duplicate detection compares. */
export interface ComparableListing {
  id: string;
  posterId: string;
  subcity: string;
  type: ListingRow['type'];
  bedrooms: number | null;
  priceEtb: number;
  description: string;
  visibility: ListingRow['visibility'];
}

const comparableColumns = {
  id: listings.id,
  posterId: listings.posterId,
  subcity: listings.subcity,
  type: listings.type,
  bedrooms: listings.bedrooms,
  priceEtb: listings.priceEtb,
  description: listings.description,
  visibility: listings.visibility,
};

/** Same subcity and type group (condo and condominium are one). */
function sameTypeGroup(type: ListingRow['type']) {
  return type === 'condo' || type === 'condominium' ? inArray(listings.type, ['condo', 'condominium']) : eq(listings.type, type);
}

export async function findComparableListing(db: DbOrTx, id: string): Promise<ComparableListing | undefined> {
  const [row] = await db.select(comparableColumns).from(listings).where(eq(listings.id, id)).limit(1);
  return row;
}

export async function findComparableListings(db: DbOrTx, ids: string[]): Promise<ComparableListing[]> {
  if (ids.length === 0) return [];
  return db.select(comparableColumns).from(listings).where(inArray(listings.id, ids));
}

/** dHashes of the photos a listing uses, per listing. */
export async function photoHashesOf(db: DbOrTx, listingIds: string[]): Promise<Map<string, string[]>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db.select({ listingId: uploads.listingId, phash: uploads.phash }).from(uploads).where(inArray(uploads.listingId, listingIds));
  const out = new Map<string, string[]>();
  for (const r of rows) if (r.listingId) out.set(r.listingId, [...(out.get(r.listingId) ?? []), r.phash]);
  return out;
}

function hashArray(hashes: string[]) {
  return sql`ARRAY[${sql.join(
    hashes.map((h) => sql`${h}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Other published listings (hidden ones too: a removed listing posted again is exactly what this
 * looks for) with a photo within `maxDistance` bits of one of `hashes`.
 */
export async function listingsWithSimilarPhotos(db: DbOrTx, listingId: string, hashes: string[], maxDistance: number): Promise<string[]> {
  if (hashes.length === 0) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    SELECT DISTINCT u.listing_id::text AS id
    FROM uploads u
    JOIN listings l ON l.id = u.listing_id
    CROSS JOIN unnest(${hashArray(hashes)}) AS h(hash)
    WHERE u.listing_id <> ${listingId}::uuid
      AND l.visibility = 'live'
      AND bit_count(('x' || u.phash)::bit(64) # ('x' || h.hash)::bit(64)) <= ${maxDistance}::int`,
  );
  return rows.map((r) => r.id);
}

/** The poster's other published listings with the same subcity, type, bedrooms and price. */
export async function samePosterSameDetails(db: DbOrTx, listing: ComparableListing): Promise<string[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(
      and(
        eq(listings.posterId, listing.posterId),
        ne(listings.id, listing.id),
        eq(listings.visibility, 'live'),
        eq(listings.subcity, listing.subcity),
        sameTypeGroup(listing.type),
        sql`${listings.bedrooms} IS NOT DISTINCT FROM ${listing.bedrooms}`,
        eq(listings.priceEtb, listing.priceEtb),
      ),
    );
  return rows.map((r) => r.id);
}

/** The newest published listings of the same subcity, whose descriptions are compared. */
export async function sameSubcityListings(db: DbOrTx, listing: ComparableListing, limit: number): Promise<ComparableListing[]> {
  return db
    .select(comparableColumns)
    .from(listings)
    .where(and(ne(listings.id, listing.id), eq(listings.visibility, 'live'), eq(listings.subcity, listing.subcity)))
    .orderBy(desc(listings.publishedAt))
    .limit(limit);
}

function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/** Which of `otherIds` already form a recorded pair with the listing (flagged, confirmed or dismissed). */
export async function recordedPartners(db: DbOrTx, listingId: string, otherIds: string[]): Promise<Set<string>> {
  if (otherIds.length === 0) return new Set();
  const rows = await db
    .select({ a: duplicatePairs.listingA, b: duplicatePairs.listingB })
    .from(duplicatePairs)
    .where(
      or(
        and(eq(duplicatePairs.listingA, listingId), inArray(duplicatePairs.listingB, otherIds)),
        and(eq(duplicatePairs.listingB, listingId), inArray(duplicatePairs.listingA, otherIds)),
      ),
    );
  return new Set(rows.map((r) => (r.a === listingId ? r.b : r.a)));
}

/** Cluster formation runs one at a time across processes (a transaction-scoped advisory lock; 727_001 is the migrations'). */
export async function lockClusterFormation(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727006)`);
}

/** Open clusters holding any of the listings, oldest first. */
export async function openClustersHolding(db: DbOrTx, listingIds: string[]): Promise<string[]> {
  if (listingIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: duplicateClusters.id, createdAt: duplicateClusters.createdAt })
    .from(duplicateClusters)
    .innerJoin(duplicateClusterMembers, eq(duplicateClusterMembers.clusterId, duplicateClusters.id))
    .where(and(eq(duplicateClusters.status, 'open'), inArray(duplicateClusterMembers.listingId, listingIds)))
    .orderBy(asc(duplicateClusters.createdAt), asc(duplicateClusters.id));
  return rows.map((r) => r.id);
}

export async function insertCluster(db: DbOrTx, now: Date): Promise<string> {
  const [row] = await db.insert(duplicateClusters).values({ createdAt: now, updatedAt: now }).returning({ id: duplicateClusters.id });
  if (!row) throw new Error('cluster insert returned nothing');
  return row.id;
}

export async function addClusterMembers(db: DbOrTx, clusterId: string, listingIds: string[], now: Date): Promise<void> {
  if (listingIds.length === 0) return;
  await db
    .insert(duplicateClusterMembers)
    .values(listingIds.map((listingId) => ({ clusterId, listingId, addedAt: now })))
    .onConflictDoNothing();
  await db.update(duplicateClusters).set({ updatedAt: now }).where(eq(duplicateClusters.id, clusterId));
}

/** Moves an open cluster's members and pairs into another one (a listing that bridges two clusters). */
export async function absorbCluster(db: DbOrTx, fromId: string, intoId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO duplicate_cluster_members (cluster_id, listing_id, added_at)
    SELECT ${intoId}::uuid, listing_id, added_at FROM duplicate_cluster_members WHERE cluster_id = ${fromId}::uuid
    ON CONFLICT DO NOTHING`);
  await db.update(duplicatePairs).set({ clusterId: intoId }).where(eq(duplicatePairs.clusterId, fromId));
  await db.delete(duplicateClusters).where(eq(duplicateClusters.id, fromId));
}

export interface NewPair {
  listingId: string;
  otherId: string;
  clusterId: string;
  score: number;
  reasons: DuplicatePairRow['reasons'];
  matchedPhotos: number;
  descriptionSimilarity: number;
  verdict?: DuplicatePairRow['verdict'];
  at: Date;
}

export async function insertPairs(db: DbOrTx, pairs: NewPair[]): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .insert(duplicatePairs)
    .values(
      pairs.map((p) => {
        const [listingA, listingB] = orderedPair(p.listingId, p.otherId);
        return {
          listingA,
          listingB,
          clusterId: p.clusterId,
          score: p.score,
          reasons: p.reasons,
          matchedPhotos: p.matchedPhotos,
          descriptionSimilarity: p.descriptionSimilarity,
          verdict: p.verdict ?? 'pending',
          createdAt: p.at,
        };
      }),
    )
    .onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Review

export async function listClusters(db: DbOrTx, status: DuplicateClusterRow['status'], limit: number): Promise<DuplicateClusterRow[]> {
  return db
    .select()
    .from(duplicateClusters)
    .where(eq(duplicateClusters.status, status))
    .orderBy(status === 'open' ? asc(duplicateClusters.createdAt) : desc(duplicateClusters.resolvedAt), asc(duplicateClusters.id))
    .limit(limit);
}

export async function findCluster(db: DbOrTx, id: string): Promise<DuplicateClusterRow | undefined> {
  const [row] = await db.select().from(duplicateClusters).where(eq(duplicateClusters.id, id)).limit(1);
  return row;
}

export async function lockCluster(db: DbOrTx, id: string): Promise<DuplicateClusterRow | undefined> {
  const [row] = await db.select().from(duplicateClusters).where(eq(duplicateClusters.id, id)).for('no key update');
  return row;
}

export interface ClusterMember {
  clusterId: string;
  id: string;
  title: string;
  priceEtb: number;
  subcity: string;
  type: ListingRow['type'];
  bedrooms: number | null;
  source: ListingRow['source'];
  posterId: string;
  posterPhone: string;
  adminHidden: boolean;
  visibility: ListingRow['visibility'];
  firstPhoto: StoredPhoto | null;
  createdAt: Date;
  addedAt: Date;
}

export async function membersOfClusters(db: DbOrTx, clusterIds: string[]): Promise<ClusterMember[]> {
  if (clusterIds.length === 0) return [];
  const rows = await db
    .select({
      clusterId: duplicateClusterMembers.clusterId,
      id: listings.id,
      title: listings.title,
      priceEtb: listings.priceEtb,
      subcity: listings.subcity,
      type: listings.type,
      bedrooms: listings.bedrooms,
      source: listings.source,
      posterId: listings.posterId,
      posterPhone: users.phone,
      adminHidden: listings.adminHidden,
      visibility: listings.visibility,
      firstPhoto: sql<StoredPhoto | null>`${listings.photos} -> 0`,
      createdAt: listings.createdAt,
      addedAt: duplicateClusterMembers.addedAt,
    })
    .from(duplicateClusterMembers)
    .innerJoin(listings, eq(listings.id, duplicateClusterMembers.listingId))
    .innerJoin(users, eq(users.id, listings.posterId))
    .where(inArray(duplicateClusterMembers.clusterId, clusterIds))
    .orderBy(asc(duplicateClusterMembers.addedAt), asc(listings.createdAt), asc(listings.id));
  return rows.map((r) => ({ ...r, firstPhoto: typeof r.firstPhoto === 'string' ? (JSON.parse(r.firstPhoto) as StoredPhoto) : r.firstPhoto }));
}

export async function pairsOfClusters(db: DbOrTx, clusterIds: string[]): Promise<DuplicatePairRow[]> {
  if (clusterIds.length === 0) return [];
  return db
    .select()
    .from(duplicatePairs)
    .where(and(inArray(duplicatePairs.clusterId, clusterIds), ne(duplicatePairs.score, 0)))
    .orderBy(desc(duplicatePairs.score), asc(duplicatePairs.createdAt));
}

export async function resolveCluster(
  db: DbOrTx,
  id: string,
  decision: { status: Exclude<DuplicateClusterRow['status'], 'open'>; primaryListingId: string | null; adminId: string; now: Date },
): Promise<void> {
  await db
    .update(duplicateClusters)
    .set({
      status: decision.status,
      primaryListingId: decision.primaryListingId,
      resolvedBy: decision.adminId,
      resolvedAt: decision.now,
      updatedAt: decision.now,
    })
    .where(eq(duplicateClusters.id, id));
}

export async function setPairsVerdict(db: DbOrTx, clusterId: string, verdict: DuplicatePairRow['verdict']): Promise<void> {
  await db.update(duplicatePairs).set({ verdict }).where(eq(duplicatePairs.clusterId, clusterId));
}
