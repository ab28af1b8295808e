import type { TConversationCaseSummary, TListingCaseSummary, TModerationCase, TUserCaseSummary } from '@betoch/contracts/admin';
import type { ModerationCaseRow } from '../../db/schema/trust.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { effectiveStatus } from '../users/user-view.ts';
import type { ConversationTarget, ListingTarget } from './moderation.repository.ts';
import { trustScore, type TrustInputs } from './trust-score.ts';

export interface CaseReport {
  id: string;
  reason: TModerationCase['reports'][number]['reason'];
  details: string | null;
  createdAt: Date;
}

export function listingSummary(
  listing: ListingTarget,
  trust: Omit<TrustInputs, 'photoCount' | 'priceEtb' | 'posterCreatedAt' | 'posterWarnings' | 'posterStatus' | 'posterVerified'>,
): TListingCaseSummary {
  const posterStatus = effectiveStatus({ status: listing.posterStatus, suspendedUntil: listing.posterSuspendedUntil }, trust.now);
  const { score, signals } = trustScore({
    ...trust,
    photoCount: listing.photoCount,
    priceEtb: listing.priceEtb,
    posterCreatedAt: listing.posterCreatedAt,
    posterWarnings: listing.posterWarnings,
    posterStatus,
    posterVerified: listing.posterFaydaVerifiedAt !== null,
  });
  return {
    title: listing.title,
    price_etb: listing.priceEtb,
    source: listing.source,
    admin_hidden: listing.adminHidden,
    hidden_reason: listing.hiddenReason,
    visibility: listing.visibility,
    subcity: listing.subcity,
    listing_type: listing.type,
    photo_count: listing.photoCount,
    poster_phone: listing.posterPhone,
    poster_name: listing.posterName,
    poster_status: posterStatus,
    ...(listing.posterFaydaVerifiedAt ? { poster_fayda_verified_at: listing.posterFaydaVerifiedAt.toISOString() } : {}),
    trustScore: score,
    trustSignals: signals,
  };
}

export function userSummary(user: UserRow, now: Date): TUserCaseSummary {
  const status = effectiveStatus(user, now);
  return {
    phone: user.phone,
    name: user.name,
    type: user.userType,
    status,
    suspended_until: status === 'suspended' ? (user.suspendedUntil?.toISOString() ?? null) : null,
    warnings: user.warnings,
    posting_blocked_reason: user.postingBlockedReason,
    ...(user.faydaVerifiedAt ? { fayda_verified_at: user.faydaVerifiedAt.toISOString() } : {}),
  };
}

export function conversationSummary(conversation: ConversationTarget): TConversationCaseSummary {
  return {
    tenant_phone: conversation.tenantPhone,
    owner_phone: conversation.ownerPhone,
    flagged: conversation.hidden,
    unlocked: conversation.replyUnlocked,
    listing_id: conversation.listingId,
    listing_title: conversation.listingTitle,
  };
}

export function toCaseAnswer(
  row: ModerationCaseRow,
  reports: CaseReport[],
  summary: TModerationCase['targetSummary'],
  lastActionByPhone: string | null,
): TModerationCase {
  return {
    _id: row.id,
    status: row.status,
    target: { type: row.targetType, id: row.targetId },
    targetSummary: summary,
    reportIds: reports.map((r) => r.id),
    reportCount: reports.length,
    reports: reports.map((r) => ({ _id: r.id, reason: r.reason, details: r.details, createdAt: r.createdAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    lastAction: row.lastAction,
    lastActionReason: row.lastActionReason,
    lastActionAt: row.lastActionAt?.toISOString() ?? null,
    lastActionBy: lastActionByPhone,
    autoActions: row.autoActions,
  };
}
