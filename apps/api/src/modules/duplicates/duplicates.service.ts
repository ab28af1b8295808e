import { ZId } from '@betoch/contracts/common';
import { DUPLICATE_MESSAGES, type TDuplicateCluster, type TDuplicatesQuery } from '@betoch/contracts/admin';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { DuplicateClusterRow } from '../../db/schema/trust.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { recordEvents } from '../../lib/product-events.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { hideListings } from '../moderation/listing-hiding.ts';
import { typeGroupOf } from '@betoch/contracts/constants';
import { toPhotoAnswer, type PhotoUrlFor } from '../uploads/photo-view.ts';
import {
  absorbCluster,
  addClusterMembers,
  findCluster,
  findComparableListing,
  findComparableListings,
  insertCluster,
  insertPairs,
  listClusters,
  listingsWithSimilarPhotos,
  lockCluster,
  lockClusterFormation,
  membersOfClusters,
  openClustersHolding,
  pairsOfClusters,
  photoHashesOf,
  recordedPartners,
  resolveCluster,
  samePosterSameDetails,
  sameSubcityListings,
  setPairsVerdict,
  type ComparableListing,
  type NewPair,
} from './duplicates.repository.ts';
import { DUPLICATE_RULES, descriptionSimilarity, informativeHash, matchedPhotoCount, scorePair } from './similarity.ts';
import { requireAdmin } from '../auth/access.ts';

/** How many same-subcity listings a new listing's description is compared with (the newest). */
const TEXT_CANDIDATES = 500;

function notFound(): AppError {
  return new AppError('not_found', 'Duplicate cluster not found.');
}

function samePosterDetails(a: ComparableListing, b: ComparableListing): boolean {
  return (
    a.posterId === b.posterId &&
    a.subcity === b.subcity &&
    typeGroupOf(a.type) === typeGroupOf(b.type) &&
    a.bedrooms === b.bedrooms &&
    a.priceEtb === b.priceEtb
  );
}

type Match = Omit<NewPair, 'clusterId' | 'at'>;

export function createDuplicatesService(ctx: AppContext, urlFor: PhotoUrlFor) {
  /** Pairs of the listing with other published listings that score at or above the threshold. */
  async function findMatches(listing: ComparableListing): Promise<Match[]> {
    const hashes = (await photoHashesOf(ctx.db, [listing.id])).get(listing.id) ?? [];
    const informative = hashes.filter(informativeHash);
    const [photoIds, posterIds, textRows] = await Promise.all([
      listingsWithSimilarPhotos(ctx.db, listing.id, informative, DUPLICATE_RULES.maxPhotoDistance),
      samePosterSameDetails(ctx.db, listing),
      sameSubcityListings(ctx.db, listing, TEXT_CANDIDATES),
    ]);
    const byId = new Map(textRows.map((r) => [r.id, r]));
    const missing = [...new Set([...photoIds, ...posterIds])].filter((id) => !byId.has(id));
    for (const row of await findComparableListings(ctx.db, missing)) byId.set(row.id, row);
    const already = await recordedPartners(ctx.db, listing.id, [...byId.keys()]);
    const theirHashes = await photoHashesOf(ctx.db, photoIds);

    const matches: Match[] = [];
    for (const other of byId.values()) {
      if (already.has(other.id) || other.id === listing.id) continue;
      const text = descriptionSimilarity(listing.description, other.description);
      const signals = {
        matchedPhotos: matchedPhotoCount(informative, theirHashes.get(other.id) ?? []),
        descriptionSimilarity: text.similarity,
        descriptionWords: text.words,
        samePosterDetails: samePosterDetails(listing, other),
      };
      const { score, reasons } = scorePair(signals);
      if (score < DUPLICATE_RULES.threshold) continue;
      matches.push({
        listingId: listing.id,
        otherId: other.id,
        score,
        reasons,
        matchedPhotos: signals.matchedPhotos,
        descriptionSimilarity: Math.round(text.similarity * 1000) / 1000,
      });
    }
    return matches.sort((a, b) => b.score - a.score).slice(0, DUPLICATE_RULES.maxMatchesPerListing);
  }

  async function clusterAnswers(db: DbOrTx, rows: DuplicateClusterRow[]): Promise<TDuplicateCluster[]> {
    const ids = rows.map((r) => r.id);
    const [members, pairs] = await Promise.all([membersOfClusters(db, ids), pairsOfClusters(db, ids)]);
    return rows.map((row) => {
      const mine = members.filter((m) => m.clusterId === row.id);
      return {
        _id: row.id,
        status: row.status,
        memberIds: mine.map((m) => m.id),
        members: mine.map((m) => ({
          _id: m.id,
          title: m.title,
          price_etb: m.priceEtb,
          subcity: m.subcity,
          listing_type: m.type,
          bedrooms: m.bedrooms,
          source: m.source,
          poster_phone: m.posterPhone,
          admin_hidden: m.adminHidden,
          visibility: m.visibility,
          photo_url: m.firstPhoto ? toPhotoAnswer(m.firstPhoto, urlFor).url : null,
          createdAt: m.createdAt.toISOString(),
        })),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        signals: {
          matches: pairs
            .filter((p) => p.clusterId === row.id)
            .map((p) => ({
              listingIds: [p.listingA, p.listingB],
              score: p.score,
              reasons: p.reasons,
              matchedPhotos: p.matchedPhotos,
              descriptionSimilarity: p.descriptionSimilarity,
            })),
        },
      };
    });
  }

  async function answerOf(id: string): Promise<TDuplicateCluster> {
    const row = await findCluster(ctx.db, id);
    if (!row) throw notFound();
    const [answer] = await clusterAnswers(ctx.db, [row]);
    if (!answer) throw notFound();
    return answer;
  }

  /**
   * Shared by merge, dismiss and remove: under the cluster lock, only an open cluster may be
   * decided (409 cluster_not_open for the second of two admins); `work` does the rest.
   */
  async function decide(
    admin: AuthUser,
    rawId: string,
    status: 'merged' | 'dismissed' | 'removed',
    reason: string,
    work: (members: string[], tx: Tx, now: Date) => Promise<{ primary: string | null; hidden: string[] }>,
  ): Promise<TDuplicateCluster> {
    requireAdmin(admin);
    if (!ZId.safeParse(rawId).success) throw notFound();
    const id = rawId.toLowerCase();
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const cluster = await lockCluster(tx, id);
      if (!cluster) throw notFound();
      if (cluster.status !== 'open') throw new AppError('cluster_not_open');
      const members = (await membersOfClusters(tx, [id])).map((m) => m.id);
      const { primary, hidden } = await work(members, tx, now);
      await setPairsVerdict(tx, id, status === 'dismissed' ? 'dismissed' : 'confirmed');
      await resolveCluster(tx, id, { status, primaryListingId: primary, adminId: admin.id, now });
      await recordAudit(tx, [
        {
          adminId: admin.id,
          action: `duplicates_${status}`,
          targetType: 'duplicate_cluster',
          targetId: id,
          reason,
          before: { status: 'open', members },
          after: { status, primary_listing_id: primary, hidden },
          at: now,
        },
      ]);
    });
    return answerOf(id);
  }

  /**
   * Runs after a publish has committed (so two copies published at the same moment still see
   * each other: the later check finds the earlier listing). Pairs at or above the threshold form
   * a new cluster or join the open cluster(s) of the listings they match; a listing that bridges
   * two open clusters merges them. Pairs recorded before (flagged, confirmed or dismissed) are
   * never flagged again. Answers the cluster id, or null when nothing matched.
   */
  async function checkPublished(listingId: string): Promise<string | null> {
    const listing = await findComparableListing(ctx.db, listingId);
    if (!listing || listing.visibility !== 'live') return null;
    const found = await findMatches(listing);
    if (found.length === 0) return null;
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      await lockClusterFormation(tx);
      // Another check may have recorded some of these pairs since they were read.
      const already = await recordedPartners(
        tx,
        listing.id,
        found.map((m) => m.otherId),
      );
      const matches = found.filter((m) => !already.has(m.otherId));
      if (matches.length === 0) return null;
      const memberIds = [listing.id, ...matches.map((m) => m.otherId)];
      // Lock the clusters to join; one an admin decided meanwhile is no longer open and stays as decided.
      const open: string[] = [];
      for (const id of await openClustersHolding(tx, memberIds)) {
        if ((await lockCluster(tx, id))?.status === 'open') open.push(id);
      }
      const [target, ...others] = open;
      const clusterId = target ?? (await insertCluster(tx, now));
      for (const other of others) await absorbCluster(tx, other, clusterId);
      await addClusterMembers(tx, clusterId, memberIds, now);
      await insertPairs(
        tx,
        matches.map((m) => ({ ...m, clusterId, at: now })),
      );
      await recordEvents(tx, [
        {
          type: 'duplicate_flagged',
          actorId: listing.posterId,
          subjectType: 'duplicate_cluster',
          subjectId: clusterId,
          data: { listing_id: listing.id, matches: matches.length, top_score: matches[0]?.score ?? 0 },
          at: now,
        },
      ]);
      return clusterId;
    });
  }

  return {
    checkPublished,

    /** The same check, for the publish hook: a failure is logged and never fails the publish. */
    async afterPublish(listingId: string): Promise<void> {
      try {
        await checkPublished(listingId);
      } catch (error) {
        ctx.log.error({ err: (error as Error).message, listingId }, 'duplicate check failed');
      }
    },

    /** GET /admin/moderation/duplicates: open clusters (awaiting review) oldest first, by default. */
    async list(admin: AuthUser, query: TDuplicatesQuery): Promise<TDuplicateCluster[]> {
      requireAdmin(admin);
      const rows = await listClusters(ctx.db, query.status, query.limit);
      const answers = await clusterAnswers(ctx.db, rows);
      // A cluster whose other members were deleted has nothing left to compare.
      return answers.filter((c) => c.memberIds.length >= 2);
    },

    /** Merge: keep the primary (it must be a member), hide every other member. */
    merge(admin: AuthUser, rawId: string, primaryListingId: string): Promise<TDuplicateCluster> {
      const primary = primaryListingId.toLowerCase();
      return decide(admin, rawId, 'merged', 'Duplicates merged', async (members, tx, now) => {
        if (!members.includes(primary)) {
          throw new AppError('validation_error', DUPLICATE_MESSAGES.primaryNotMember, { fields: { primaryListingId: DUPLICATE_MESSAGES.primaryNotMember } });
        }
        const hidden = await hideListings(
          ctx.events,
          tx,
          members.filter((m) => m !== primary),
          'duplicate',
          now,
        );
        return { primary, hidden };
      });
    },

    /** Dismiss: a false positive; every pair of members is recorded as not duplicates, never flagged again. */
    dismiss(admin: AuthUser, rawId: string): Promise<TDuplicateCluster> {
      return decide(admin, rawId, 'dismissed', 'Marked as false positive', async (members, tx, now) => {
        const pairs: NewPair[] = [];
        for (let i = 0; i < members.length; i += 1) {
          for (let j = i + 1; j < members.length; j += 1) {
            pairs.push({
              listingId: members[i]!,
              otherId: members[j]!,
              clusterId: rawId.toLowerCase(),
              score: 0,
              reasons: [],
              matchedPhotos: 0,
              descriptionSimilarity: 0,
              verdict: 'dismissed',
              at: now,
            });
          }
        }
        // Pairs that were flagged already exist (their verdict is set with the others); the rest are added.
        await insertPairs(tx, pairs);
        return { primary: null, hidden: [] };
      });
    },

    /** Remove: hide every member. */
    remove(admin: AuthUser, rawId: string): Promise<TDuplicateCluster> {
      return decide(admin, rawId, 'removed', 'All duplicates hidden', async (members, tx, now) => ({
        primary: null,
        hidden: await hideListings(ctx.events, tx, members, 'duplicate', now),
      }));
    },
  };
}

export type DuplicatesService = ReturnType<typeof createDuplicatesService>;
