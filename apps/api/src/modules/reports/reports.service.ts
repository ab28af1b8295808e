import { REPORT_AUTO_HIDE_THRESHOLD } from '@betoch/contracts/constants';
import { ZId } from '@betoch/contracts/common';
import type { TReport, TReportInput } from '@betoch/contracts/reports';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { recordEvents } from '../../lib/product-events.ts';
import { isPubliclyVisible } from '../listings/listing-visibility.ts';
import { findListingWithPoster } from '../listings/listing-with-poster.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { hideListings } from '../moderation/listing-hiding.ts';
import { appendAutoAction, findOrOpenCase, lockCase } from '../moderation-cases/moderation-cases.ts';
import { lockUser } from '../users/user-rows.ts';
import { countCaseReporters, findConversationParticipants, insertReport } from './reports.repository.ts';

/** Reports one person may file per hour (all targets together). */
export const REPORTS_PER_HOUR = 20;

function notFound(what: 'listing' | 'conversation'): AppError {
  return new AppError('not_found', what === 'listing' ? 'Listing not found.' : 'Conversation not found.');
}

export function createReportsService(ctx: AppContext) {
  /**
   * Who the report is about, after the visibility rules: a listing the reporter may see (never their
   * own: 403 own_listing), or a conversation the reporter takes part in. Anything else is 404.
   */
  async function reportedUserOf(user: AuthUser, type: 'listing' | 'conversation', id: string): Promise<string> {
    if (!ZId.safeParse(id).success) throw notFound(type);
    if (type === 'listing') {
      const found = await findListingWithPoster(ctx.db, id);
      if (!found) throw notFound(type);
      if (found.listing.posterId === user.id) throw new AppError('own_listing', 'You cannot report your own listing.');
      if (!isPubliclyVisible(found.listing, found.poster, ctx.now()) && !user.isAdmin) throw notFound(type);
      return found.listing.posterId;
    }
    const conversation = await findConversationParticipants(ctx.db, id);
    if (!conversation) throw notFound(type);
    if (conversation.tenantId === user.id) return conversation.ownerId;
    if (conversation.ownerId === user.id) return conversation.tenantId;
    throw notFound(type);
  }

  return {
    /**
     * POST /reports. The report joins the open case of its target (or opens it); one per reporter
     * while the case is open (409 already_reported). The case row lock counts reporters one report
     * at a time: the third different reporter of a listing hides it at once, recorded as an
     * automatic action of the case.
     */
    async file(user: AuthUser, input: TReportInput): Promise<TReport> {
      const targetId = input.targetId.toLowerCase();
      const reportedUserId = await reportedUserOf(user, input.targetType, targetId);
      const { count, ttl } = await ctx.kv.increment(`report:rate:${user.id}`, 3600);
      if (count > REPORTS_PER_HOUR) throw new AppError('rate_limited', 'You have sent many reports. Please try again later.', { retry_after: ttl });

      const now = ctx.now();
      const report = await ctx.db.transaction(async (tx) => {
        // Lock order everywhere: the person, then the case, then the listing (see docs/trust-and-safety.md).
        await lockUser(tx, reportedUserId);
        const opened = await findOrOpenCase(tx, { type: input.targetType, id: targetId, subjectUserId: reportedUserId, now });
        const moderationCase = await lockCase(tx, opened.id);
        if (!moderationCase) throw new Error('moderation case vanished inside its transaction');
        const row = await insertReport(tx, {
          caseId: moderationCase.id,
          reporterId: user.id,
          targetType: input.targetType,
          targetId,
          reportedUserId,
          reason: input.reason,
          details: input.details ?? null,
          createdAt: now,
        });
        if (!row) throw new AppError('already_reported');
        await recordEvents(tx, [
          {
            type: 'report_filed',
            actorId: user.id,
            subjectType: input.targetType,
            subjectId: targetId,
            data: { reason: input.reason, case_id: moderationCase.id },
            at: now,
          },
        ]);

        const alreadyAutoHidden = moderationCase.autoActions.some((a) => a.type === 'hide');
        if (input.targetType === 'listing' && !alreadyAutoHidden && (await countCaseReporters(tx, moderationCase.id)) >= REPORT_AUTO_HIDE_THRESHOLD) {
          const hidden = await hideListings(ctx.events, tx, [targetId], 'report_threshold', now);
          await appendAutoAction(tx, moderationCase.id, { type: 'hide', reason: 'report_threshold', at: now.toISOString() });
          await recordAudit(tx, [
            {
              adminId: null,
              action: 'auto_hide',
              targetType: 'listing',
              targetId,
              caseId: moderationCase.id,
              subjectUserId: reportedUserId,
              reason: 'report_threshold',
              before: { admin_hidden: hidden.length === 0 },
              after: hidden.length ? { admin_hidden: true, hidden_reason: 'report_threshold' } : { admin_hidden: true },
              at: now,
            },
          ]);
          await recordEvents(tx, [
            {
              type: 'auto_hide',
              actorId: null,
              subjectType: 'listing',
              subjectId: targetId,
              data: { reason: 'report_threshold', case_id: moderationCase.id },
              at: now,
            },
          ]);
        }
        return row;
      });
      return {
        _id: report.id,
        targetType: report.targetType,
        targetId: report.targetId,
        reason: report.reason,
        details: report.details,
        createdAt: report.createdAt.toISOString(),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
