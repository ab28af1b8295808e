import { SUSPENSION_DAYS } from '@betoch/contracts/constants';
import { ZId } from '@betoch/contracts/common';
import { unreachable } from '@betoch/contracts/exhaustive';
import type { TModerationCase, TModerationCasesQuery } from '@betoch/contracts/admin';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { ModerationCaseRow } from '../../db/schema/trust.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { requireAdmin } from '../auth/access.ts';
import { setUserStatus, incrementWarnings, lockUser, setPostingBlock } from '../users/user-rows.ts';
import { effectiveStatus } from '../users/user-view.ts';
import { priceBandsOf } from '../fair-price/price-bands.ts';
import { approvedRefundCounts } from '../refunds/refund-counts.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { conversationSummary, listingSummary, toCaseAnswer, userSummary, type CaseReport } from './case-view.ts';
import { hideListings, showListing } from './listing-hiding.ts';
import {
  auditedActionsOfCase,
  findCase,
  findConversationTargets,
  findListingTargets,
  findUsers,
  listCases,
  openClusterCounts,
  openReportCounts,
  reportsOfCases,
  suspensionCounts,
} from './moderation.repository.ts';
import { hideConversation, unhideConversation } from '../conversations/conversation-hiding.ts';
import { lockCase, recordCaseAction, type ModerationAction } from '../moderation-cases/moderation-cases.ts';

const DAY_MS = 24 * 3600 * 1000;

function notFound(message = 'Case not found.'): AppError {
  return new AppError('not_found', message);
}

type Effect = { before: Record<string, unknown>; after: Record<string, unknown> };

export function createModerationService(ctx: AppContext) {
  /** The answers of several cases: reports, target summaries (with trust scores) and who acted last. */
  async function caseAnswers(db: DbOrTx, rows: ModerationCaseRow[]): Promise<TModerationCase[]> {
    const now = ctx.now();
    const reportsByCase = new Map<string, CaseReport[]>();
    for (const r of await reportsOfCases(
      db,
      rows.map((c) => c.id),
    )) {
      reportsByCase.set(r.caseId, [...(reportsByCase.get(r.caseId) ?? []), r]);
    }
    const idsOf = (type: ModerationCaseRow['targetType']) => [...new Set(rows.filter((c) => c.targetType === type).map((c) => c.targetId))];

    const listingRows = await findListingTargets(db, idsOf('listing'));
    const listingIds = listingRows.map((l) => l.id);
    const posterIds = [...new Set(listingRows.map((l) => l.posterId))];
    const [reportCounts, clusterCounts, medians, suspensions, refunds] = await Promise.all([
      openReportCounts(db, listingIds),
      openClusterCounts(db, listingIds),
      priceBandsOf(db, listingRows, now),
      suspensionCounts(db, posterIds),
      approvedRefundCounts(db, posterIds),
    ]);
    const listingsById = new Map(
      listingRows.map((l) => [
        l.id,
        listingSummary(l, {
          openReports: reportCounts.get(l.id) ?? 0,
          openDuplicateClusters: clusterCounts.get(l.id) ?? 0,
          median: medians.get(l.id) ?? null,
          posterSuspensions: suspensions.get(l.posterId) ?? 0,
          posterApprovedRefunds: refunds.get(l.posterId) ?? 0,
          now,
        }),
      ]),
    );
    const usersById = new Map((await findUsers(db, idsOf('user'))).map((u) => [u.id, userSummary(u, now)]));
    const conversationsById = new Map((await findConversationTargets(db, idsOf('conversation'))).map((c) => [c.id, conversationSummary(c)]));
    const actorIds = [...new Set(rows.map((c) => c.lastActionBy).filter((id): id is string => id !== null))];
    const actorPhones = new Map((await findUsers(db, actorIds)).map((u) => [u.id, u.phone]));

    return rows.map((c) => {
      const summary =
        c.targetType === 'listing' ? listingsById.get(c.targetId) : c.targetType === 'user' ? usersById.get(c.targetId) : conversationsById.get(c.targetId);
      return toCaseAnswer(c, reportsByCase.get(c.id) ?? [], summary ?? null, c.lastActionBy ? (actorPhones.get(c.lastActionBy) ?? null) : null);
    });
  }

  /** The person warn, suspend and ban act on, locked: the user of a user case, else the reported person. */
  async function lockedSubject(tx: Tx, moderationCase: ModerationCaseRow) {
    const subjectId = moderationCase.targetType === 'user' ? moderationCase.targetId : moderationCase.subjectUserId;
    const subject = subjectId ? await lockUser(tx, subjectId) : undefined;
    if (!subject) throw notFound('The account no longer exists.');
    return subject;
  }

  /** hide: the listing or conversation leaves every public view. */
  async function hideTarget(tx: Tx, moderationCase: ModerationCaseRow, admin: AuthUser, now: Date): Promise<Effect> {
    if (moderationCase.targetType === 'listing') {
      const [listing] = await findListingTargets(tx, [moderationCase.targetId]);
      if (!listing) throw notFound('The listing no longer exists.');
      const hidden = await hideListings(ctx.events, tx, [listing.id], 'moderation', now);
      return {
        before: { admin_hidden: listing.adminHidden },
        after: { admin_hidden: true, hidden_reason: hidden.length ? 'moderation' : listing.hiddenReason },
      };
    }
    if (moderationCase.targetType === 'conversation') {
      const [conversation] = await findConversationTargets(tx, [moderationCase.targetId]);
      if (!conversation) throw notFound('The conversation no longer exists.');
      await hideConversation(tx, conversation.id, { reason: 'moderation', adminId: admin.id, at: now });
      return { before: { hidden: conversation.hidden }, after: { hidden: true } };
    }
    throw new AppError('invalid_state', 'Hide applies to listings and conversations; warn, suspend or ban a user.');
  }

  /**
   * restore: the target is shown again (listing, conversation). A user case lifts the user's
   * suspension or ban and an automatic posting block; a listing or conversation case lifts a
   * suspension or ban only when this case applied it, so a restore never undoes another case.
   */
  async function restoreTarget(tx: Tx, moderationCase: ModerationCaseRow, now: Date): Promise<Effect> {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (moderationCase.targetType === 'listing') {
      const [listing] = await findListingTargets(tx, [moderationCase.targetId]);
      if (listing) {
        before.admin_hidden = listing.adminHidden;
        after.admin_hidden = (await showListing(tx, listing.id)) ? false : listing.adminHidden;
      }
    } else if (moderationCase.targetType === 'conversation') {
      const [conversation] = await findConversationTargets(tx, [moderationCase.targetId]);
      if (conversation) {
        before.hidden = conversation.hidden;
        await unhideConversation(tx, conversation.id);
        after.hidden = false;
      }
    }
    const isUserCase = moderationCase.targetType === 'user';
    const audited = isUserCase ? [] : await auditedActionsOfCase(tx, moderationCase.id);
    const liftStatus = isUserCase || audited.includes('suspend') || audited.includes('ban');
    const liftBlock = isUserCase && moderationCase.autoActions.some((a) => a.type === 'block_posting');
    const subjectId = isUserCase ? moderationCase.targetId : moderationCase.subjectUserId;
    if ((liftStatus || liftBlock) && subjectId) {
      const subject = await lockUser(tx, subjectId);
      if (subject && liftStatus && effectiveStatus(subject, now) !== 'active') {
        before.status = subject.status;
        await setUserStatus(tx, subject.id, 'active');
        after.status = 'active';
      }
      if (subject && liftBlock && subject.postingBlockedReason !== null) {
        before.posting_blocked_reason = subject.postingBlockedReason;
        await setPostingBlock(tx, subject.id, null);
        after.posting_blocked_reason = null;
      }
    }
    return { before, after };
  }

  async function applyAction(
    tx: Tx,
    moderationCase: ModerationCaseRow,
    action: ModerationAction,
    admin: AuthUser,
    now: Date,
  ): Promise<Effect & { subjectId: string | null }> {
    switch (action) {
      case 'hide':
        return { ...(await hideTarget(tx, moderationCase, admin, now)), subjectId: moderationCase.subjectUserId };
      case 'restore':
        return { ...(await restoreTarget(tx, moderationCase, now)), subjectId: moderationCase.subjectUserId };
      case 'warn':
      case 'suspend':
      case 'ban':
        return actOnSubject(tx, moderationCase, action, admin, now);
      default:
        return unreachable(action, 'moderation action');
    }
  }

  /** Warn, suspend or ban the person behind the case (never the acting admin). */
  async function actOnSubject(
    tx: Tx,
    moderationCase: ModerationCaseRow,
    action: 'warn' | 'suspend' | 'ban',
    admin: AuthUser,
    now: Date,
  ): Promise<Effect & { subjectId: string | null }> {
    const subject = await lockedSubject(tx, moderationCase);
    if (subject.id === admin.id) throw new AppError('forbidden', 'You cannot act on your own account.');
    const status = effectiveStatus(subject, now);
    switch (action) {
      case 'warn':
        await incrementWarnings(tx, subject.id);
        return { before: { warnings: subject.warnings }, after: { warnings: subject.warnings + 1 }, subjectId: subject.id };
      case 'suspend': {
        if (status === 'banned') throw new AppError('invalid_state', 'This account is banned; restore it before suspending it.');
        const until = new Date(now.getTime() + SUSPENSION_DAYS * DAY_MS);
        await setUserStatus(tx, subject.id, 'suspended', until);
        return { before: { status }, after: { status: 'suspended', suspended_until: until.toISOString() }, subjectId: subject.id };
      }
      case 'ban':
        // The token version moves on, so every token the user holds fails at once.
        await setUserStatus(tx, subject.id, 'banned');
        return {
          before: { status, token_version: subject.tokenVersion },
          after: { status: 'banned', token_version: subject.tokenVersion + 1 },
          subjectId: subject.id,
        };
      default:
        return unreachable(action, 'moderation action');
    }
  }

  return {
    /** GET /admin/moderation/cases. */
    async list(admin: AuthUser, query: TModerationCasesQuery): Promise<TModerationCase[]> {
      requireAdmin(admin);
      return caseAnswers(ctx.db, await listCases(ctx.db, query.status, query.limit));
    },

    /**
     * POST /admin/moderation/cases/{id}/actions. On a listing case hide and restore act on the
     * listing, warn, suspend and ban on its poster; on a conversation case on the conversation and
     * on the reported participant; on a user case on the user. The action, with the state before
     * and after, is audited, and the case is closed, all in one transaction under the case lock.
     */
    async act(admin: AuthUser, rawId: string, input: { action: ModerationAction; reason: string }): Promise<TModerationCase> {
      requireAdmin(admin);
      if (!ZId.safeParse(rawId).success) throw notFound();
      const id = rawId.toLowerCase();
      const now = ctx.now();
      const affected = await ctx.db.transaction(async (tx) => {
        // Lock order everywhere: the person, then the case, then the listing (see docs/trust-and-safety.md).
        const peek = await findCase(tx, id);
        if (!peek) throw notFound();
        const subjectId = peek.targetType === 'user' ? peek.targetId : peek.subjectUserId;
        if (subjectId) await lockUser(tx, subjectId);
        const moderationCase = await lockCase(tx, id);
        if (!moderationCase) throw notFound();
        const effect = await applyAction(tx, moderationCase, input.action, admin, now);
        await recordAudit(tx, [
          {
            adminId: admin.id,
            action: input.action,
            targetType: moderationCase.targetType,
            targetId: moderationCase.targetId,
            caseId: moderationCase.id,
            subjectUserId: effect.subjectId,
            reason: input.reason,
            before: effect.before,
            after: effect.after,
            at: now,
          },
        ]);
        await recordCaseAction(tx, id, { action: input.action, reason: input.reason, adminId: admin.id, now });
        return effect.subjectId;
      });
      // A ban ends the subject's tokens and a suspension their streams: on every server, at once.
      if (affected && (input.action === 'ban' || input.action === 'suspend')) await ctx.tokensChanged(affected);
      const row = await findCase(ctx.db, id);
      if (!row) throw notFound();
      const [answer] = await caseAnswers(ctx.db, [row]);
      if (!answer) throw notFound();
      return answer;
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
