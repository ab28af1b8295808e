import type { ListingRow } from '../../db/schema/listings.ts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations } from '../../db/schema/conversations.ts';
import { listings } from '../../db/schema/listings.ts';
import {
  adminAudit,
  duplicateClusterMembers,
  duplicateClusters,
  hiddenConversations,
  moderationCases,
  reports,
  type ModerationCaseRow,
} from '../../db/schema/trust.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

// ---------------------------------------------------------------------------------------------
// Cases

export async function findCase(db: DbOrTx, id: string): Promise<ModerationCaseRow | undefined> {
  const [row] = await db.select().from(moderationCases).where(eq(moderationCases.id, id)).limit(1);
  return row;
}

/** Open cases newest first; closed cases most recently closed first. */
export async function listCases(db: DbOrTx, status: 'open' | 'closed', limit: number): Promise<ModerationCaseRow[]> {
  return db
    .select()
    .from(moderationCases)
    .where(eq(moderationCases.status, status))
    .orderBy(status === 'open' ? desc(moderationCases.createdAt) : desc(moderationCases.closedAt), desc(moderationCases.id))
    .limit(limit);
}

/** Actions this case's audit trail holds (to know what a restore must undo). */
export async function auditedActionsOfCase(db: DbOrTx, caseId: string): Promise<string[]> {
  const rows = await db.select({ action: adminAudit.action }).from(adminAudit).where(eq(adminAudit.caseId, caseId));
  return rows.map((r) => r.action);
}

// ---------------------------------------------------------------------------------------------
// Reports

export async function reportsOfCases(db: DbOrTx, caseIds: string[]) {
  if (caseIds.length === 0) return [];
  return db
    .select({ id: reports.id, caseId: reports.caseId, reason: reports.reason, details: reports.details, createdAt: reports.createdAt })
    .from(reports)
    .where(inArray(reports.caseId, caseIds))
    .orderBy(reports.createdAt, reports.id);
}

// ---------------------------------------------------------------------------------------------
// Targets

export interface ListingTarget {
  id: string;
  posterId: string;
  title: string;
  priceEtb: number;
  source: 'landlord' | 'delala';
  type: (typeof listings.$inferSelect)['type'];
  subcity: string;
  bedrooms: number | null;
  visibility: ListingRow['visibility'];
  adminHidden: boolean;
  hiddenReason: string | null;
  photoCount: number;
  posterPhone: string;
  posterName: string | null;
  posterStatus: UserRow['status'];
  posterSuspendedUntil: Date | null;
  posterCreatedAt: Date;
  posterWarnings: number;
  posterFaydaVerifiedAt: Date | null;
}

export async function findListingTargets(db: DbOrTx, ids: string[]): Promise<ListingTarget[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: listings.id,
      posterId: listings.posterId,
      title: listings.title,
      priceEtb: listings.priceEtb,
      source: listings.source,
      type: listings.type,
      subcity: listings.subcity,
      bedrooms: listings.bedrooms,
      visibility: listings.visibility,
      adminHidden: listings.adminHidden,
      hiddenReason: listings.hiddenReason,
      photoCount: sql<number>`jsonb_array_length(${listings.photos})`,
      posterPhone: users.phone,
      posterName: users.name,
      posterStatus: users.status,
      posterSuspendedUntil: users.suspendedUntil,
      posterCreatedAt: users.createdAt,
      posterWarnings: users.warnings,
      posterFaydaVerifiedAt: users.faydaVerifiedAt,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.posterId))
    .where(inArray(listings.id, ids));
  return rows.map((r) => ({ ...r, photoCount: Number(r.photoCount) }));
}

export async function findUsers(db: DbOrTx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export interface ConversationTarget {
  id: string;
  listingId: string | null;
  listingTitle: string | null;
  tenantId: string;
  ownerId: string;
  tenantPhone: string;
  ownerPhone: string;
  replyUnlocked: boolean;
  hidden: boolean;
}

export async function findConversationTargets(db: DbOrTx, ids: string[]): Promise<ConversationTarget[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: conversations.id,
      listingId: conversations.listingId,
      listingTitle: listings.title,
      tenantId: conversations.tenantId,
      ownerId: conversations.ownerId,
      tenantPhone: sql<string>`(SELECT phone FROM users WHERE id = ${conversations.tenantId})`,
      ownerPhone: sql<string>`(SELECT phone FROM users WHERE id = ${conversations.ownerId})`,
      replyUnlockedAt: conversations.replyUnlockedAt,
      hiddenAt: hiddenConversations.hiddenAt,
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(hiddenConversations, eq(hiddenConversations.conversationId, conversations.id))
    .where(inArray(conversations.id, ids));
  return rows.map(({ replyUnlockedAt, hiddenAt, ...r }) => ({ ...r, replyUnlocked: replyUnlockedAt !== null, hidden: hiddenAt !== null }));
}

// ---------------------------------------------------------------------------------------------
// Trust signals

/** Reports in open cases, per listing. */
export async function openReportCounts(db: DbOrTx, listingIds: string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: moderationCases.targetId, n: count(reports.id) })
    .from(moderationCases)
    .innerJoin(reports, eq(reports.caseId, moderationCases.id))
    .where(and(eq(moderationCases.targetType, 'listing'), eq(moderationCases.status, 'open'), inArray(moderationCases.targetId, listingIds)))
    .groupBy(moderationCases.targetId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Duplicate clusters awaiting review that hold the listing, per listing. */
export async function openClusterCounts(db: DbOrTx, listingIds: string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: duplicateClusterMembers.listingId, n: count() })
    .from(duplicateClusterMembers)
    .innerJoin(duplicateClusters, eq(duplicateClusters.id, duplicateClusterMembers.clusterId))
    .where(and(eq(duplicateClusters.status, 'open'), inArray(duplicateClusterMembers.listingId, listingIds)))
    .groupBy(duplicateClusterMembers.listingId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** How many times each user was suspended by moderation (the audit trail). */
export async function suspensionCounts(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: adminAudit.subjectUserId, n: count() })
    .from(adminAudit)
    .where(and(eq(adminAudit.action, 'suspend'), inArray(adminAudit.subjectUserId, userIds)))
    .groupBy(adminAudit.subjectUserId);
  return new Map(rows.filter((r) => r.id !== null).map((r) => [r.id as string, Number(r.n)]));
}
