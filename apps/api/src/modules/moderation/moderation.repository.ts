import type { ListingRow } from '../../db/schema/listings.ts';
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
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
  type StoredAutoAction,
} from '../../db/schema/trust.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

export type CaseTargetType = ModerationCaseRow['targetType'];
export type ModerationAction = NonNullable<ModerationCaseRow['lastAction']>;

// ---------------------------------------------------------------------------------------------
// Cases

/**
 * The open case of a target, opened when there is none. The partial unique index makes two first
 * reports arriving together share one case: the loser's insert does nothing and it reads the winner's.
 */
export async function findOrOpenCase(
  db: DbOrTx,
  target: { type: CaseTargetType; id: string; subjectUserId: string | null; now: Date },
): Promise<ModerationCaseRow> {
  await db
    .insert(moderationCases)
    .values({ targetType: target.type, targetId: target.id, subjectUserId: target.subjectUserId, createdAt: target.now })
    .onConflictDoNothing({ target: [moderationCases.targetType, moderationCases.targetId], where: sql`status = 'open'` });
  const [row] = await db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.targetType, target.type), eq(moderationCases.targetId, target.id), eq(moderationCases.status, 'open')))
    .limit(1);
  if (!row) throw new Error('open moderation case missing after insert');
  return row;
}

export async function findOpenCase(db: DbOrTx, type: CaseTargetType, targetId: string): Promise<ModerationCaseRow | undefined> {
  const [row] = await db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.targetType, type), eq(moderationCases.targetId, targetId), eq(moderationCases.status, 'open')))
    .limit(1);
  return row;
}

/** Locks the case row for the rest of the transaction: actions and report counts on one case run one at a time. */
export async function lockCase(db: DbOrTx, id: string): Promise<ModerationCaseRow | undefined> {
  const [row] = await db.select().from(moderationCases).where(eq(moderationCases.id, id)).for('no key update');
  return row;
}

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

export async function appendAutoAction(db: DbOrTx, caseId: string, action: StoredAutoAction): Promise<void> {
  await db
    .update(moderationCases)
    .set({ autoActions: sql`${moderationCases.autoActions} || ${JSON.stringify([action])}::jsonb` })
    .where(eq(moderationCases.id, caseId));
}

/** Records the action as the case's last one and closes the case (it may already be closed). */
export async function recordCaseAction(
  db: DbOrTx,
  caseId: string,
  action: { action: ModerationAction; reason: string; adminId: string; now: Date },
): Promise<ModerationCaseRow> {
  const [row] = await db
    .update(moderationCases)
    .set({
      status: 'closed',
      closedAt: sql`coalesce(${moderationCases.closedAt}, ${action.now.toISOString()}::timestamptz)`,
      lastAction: action.action,
      lastActionReason: action.reason,
      lastActionAt: action.now,
      lastActionBy: action.adminId,
    })
    .where(eq(moderationCases.id, caseId))
    .returning();
  if (!row) throw new Error('moderation case vanished inside its transaction');
  return row;
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

/** Condo and condominium are one kind of home for prices. */
export function typeGroupOf(type: string): string {
  return type === 'condominium' ? 'condo' : type;
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

// ---------------------------------------------------------------------------------------------
// Effects

/** Locks the user row (the same lock publish takes first, so hides and publishes never deadlock). */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

export async function lockListingRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: listings.id, posterId: listings.posterId, adminHidden: listings.adminHidden, hiddenReason: listings.hiddenReason, hiddenAt: listings.hiddenAt })
    .from(listings)
    .where(eq(listings.id, id))
    .for('no key update');
  return row;
}

export async function findListingPoster(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ posterId: listings.posterId }).from(listings).where(eq(listings.id, id)).limit(1);
  return row?.posterId;
}

/** Hides (reason and time) or shows again (null) a listing. */
export async function setListingHidden(db: DbOrTx, id: string, hidden: { reason: string; at: Date } | null): Promise<void> {
  await db
    .update(listings)
    .set(hidden ? { adminHidden: true, hiddenReason: hidden.reason, hiddenAt: hidden.at } : { adminHidden: false, hiddenReason: null, hiddenAt: null })
    .where(eq(listings.id, id));
}

export async function incrementWarnings(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ warnings: sql`${users.warnings} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Blocks (with a reason) or unblocks (null) a broker's posting. */
export async function setPostingBlock(db: DbOrTx, userId: string, block: { reason: string; at: Date } | null): Promise<void> {
  await db
    .update(users)
    .set(block ? { postingBlockedReason: block.reason, postingBlockedAt: block.at, updatedAt: sql`now()` } : { postingBlockedReason: null, postingBlockedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Listings of the poster hidden by moderation at or after `since` and still hidden. */
export async function countHiddenListingsSince(db: DbOrTx, posterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.posterId, posterId), eq(listings.adminHidden, true), gte(listings.hiddenAt, since)));
  return Number(row?.n ?? 0);
}

/** When an admin last lifted the user's posting block (null: never). */
export async function lastPostingUnblockAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${adminAudit.createdAt})` })
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectUserId, userId), eq(adminAudit.action, 'unblock_posting')));
  return row?.at ? new Date(row.at) : null;
}

export async function hideConversation(db: DbOrTx, id: string, hidden: { reason: string; adminId: string | null; at: Date }): Promise<boolean> {
  const rows = await db
    .insert(hiddenConversations)
    .values({ conversationId: id, reason: hidden.reason, hiddenBy: hidden.adminId, hiddenAt: hidden.at })
    .onConflictDoNothing()
    .returning({ id: hiddenConversations.conversationId });
  return rows.length > 0;
}

export async function unhideConversation(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(hiddenConversations).where(eq(hiddenConversations.conversationId, id)).returning({ id: hiddenConversations.conversationId });
  return rows.length > 0;
}
