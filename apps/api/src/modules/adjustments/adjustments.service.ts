import { ZId } from '@betoch/contracts/common';
import { normalizePhone } from '@betoch/contracts/phone';
import { ADJUSTMENT_MESSAGES, type TManualAdjustment, type TManualAdjustmentsQuery, type TReviewAdjustmentAnswer } from '@betoch/contracts/admin';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { ManualAdjustmentRow } from '../../db/schema/trust.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { requireAdmin } from '../auth/access.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { findUserByPhone } from '../users/user-rows.ts';
import { changeBalance, extendPlan, lockAccount, type LockedAccount } from '../wallet/ledger.ts';
import { getWalletSnapshot } from '../wallet/wallet-balance.ts';
import {
  findAdjustmentWithPeople,
  insertAdjustment,
  listAdjustments,
  lockAdjustment,
  markReviewed,
  type AdjustmentWithPeople,
} from './adjustments.repository.ts';

const DAY_MS = 24 * 3600 * 1000;

function notFound(): AppError {
  return new AppError('not_found', 'Adjustment not found.');
}

export interface NewAdjustmentInput {
  phone: string;
  amount: number;
  type: ManualAdjustmentRow['type'];
  target: ManualAdjustmentRow['target'];
  reason: string;
  notes?: string;
}

function snapshotOf(account: LockedAccount) {
  return {
    credits: account.credits,
    post_credits: account.postCredits,
    sub_delala_unlimited_until: account.delalaUnlimitedUntil?.toISOString() ?? null,
  };
}

/**
 * Applies an approved adjustment through the ledger, in the caller's transaction, under the
 * wallet lock. A debit that would take a balance below zero, or a plan's end before now, throws
 * balance_would_go_negative and the whole approval rolls back (the adjustment stays pending).
 */
async function applyThroughLedger(tx: Tx, adjustment: ManualAdjustmentRow, now: Date) {
  const account = await lockAccount(tx, adjustment.subjectUserId);
  const before = snapshotOf(account);
  const sign = adjustment.type === 'credit' ? 1 : -1;
  const ref = { kind: 'manual_adjustment', refType: 'manual_adjustment', refId: adjustment.id };
  if (adjustment.target === 'delala_subscription') {
    if (sign < 0) {
      const until = account.delalaUnlimitedUntil;
      if (!until || until.getTime() - adjustment.amount * DAY_MS < now.getTime()) throw new AppError('balance_would_go_negative');
    }
    await extendPlan(tx, account, 'delala_unlimited_days', sign * adjustment.amount, now, ref);
  } else {
    const which = adjustment.target === 'wallet' ? 'credits' : 'post_credits';
    await changeBalance(tx, account, which, sign * adjustment.amount, ref, 'balance_would_go_negative');
  }
  return { before, after: snapshotOf(account) };
}

export function createAdjustmentsService(ctx: AppContext) {
  function toAnswer(row: AdjustmentWithPeople, viewer: AuthUser): TManualAdjustment {
    const a = row.adjustment;
    return {
      _id: a.id,
      type: a.type,
      amount: a.amount,
      subjectPhone: row.subjectPhone,
      subjectName: row.subjectName,
      subjectType: row.subjectType,
      reason: a.reason,
      notes: a.notes,
      meta: { target: a.target },
      status: a.status,
      createdAt: a.createdAt.toISOString(),
      createdBy: row.createdByPhone,
      createdByViewer: a.createdBy === viewer.id,
      reviewedBy: row.reviewedByPhone,
      reviewedAt: a.reviewedAt?.toISOString() ?? null,
      reviewNotes: a.reviewNotes,
    };
  }

  async function answerOf(id: string, viewer: AuthUser): Promise<TManualAdjustment> {
    const row = await findAdjustmentWithPeople(ctx.db, id);
    if (!row) throw notFound();
    return toAnswer(row, viewer);
  }

  /**
   * Approve or reject under the row lock: 404, then 403 self_approval_forbidden for the author
   * (always, whatever the state), then 409 adjustment_not_pending.
   */
  async function review(
    admin: AuthUser,
    rawId: string,
    decision: 'approved' | 'rejected',
    notes: string | undefined,
  ): Promise<Omit<TReviewAdjustmentAnswer['data'], 'adjustment'> & { id: string }> {
    requireAdmin(admin);
    if (!ZId.safeParse(rawId).success) throw notFound();
    const id = rawId.toLowerCase();
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const adjustment = await lockAdjustment(tx, id);
      if (!adjustment) throw notFound();
      if (adjustment.createdBy === admin.id) throw new AppError('self_approval_forbidden');
      if (adjustment.status !== 'pending') throw new AppError('adjustment_not_pending');
      const effect = decision === 'approved' ? await applyThroughLedger(tx, adjustment, now) : null;
      await markReviewed(tx, id, { status: decision, reviewerId: admin.id, notes: notes ?? null, now });
      await recordAudit(tx, [
        {
          adminId: admin.id,
          action: decision === 'approved' ? 'adjustment_approved' : 'adjustment_rejected',
          targetType: 'manual_adjustment',
          targetId: id,
          subjectUserId: adjustment.subjectUserId,
          reason: notes ?? (decision === 'approved' ? 'approved' : 'rejected'),
          before: { status: 'pending', ...(effect ? { balance: effect.before } : {}) },
          after: { status: decision, ...(effect ? { balance: effect.after } : {}) },
          at: now,
        },
      ]);
      const wallet = effect ? null : await getWalletSnapshot(tx, adjustment.subjectUserId);
      return {
        id,
        balance: effect
          ? effect.after
          : {
              credits: wallet?.credits ?? 0,
              post_credits: wallet?.postCredits ?? 0,
              sub_delala_unlimited_until: wallet?.delalaUnlimitedUntil?.toISOString() ?? null,
            },
      };
    });
  }

  return {
    /**
     * POST /admin/payments/manual-adjustments: logged as pending, audited. Post credits and posting
     * days exist for brokers only.
     */
    async create(admin: AuthUser, input: NewAdjustmentInput): Promise<TManualAdjustment> {
      requireAdmin(admin);
      const phone = normalizePhone(input.phone);
      if (!phone) throw new AppError('invalid_phone', undefined, { fields: { phone: 'invalid_phone' } });
      const subject = await findUserByPhone(ctx.db, phone);
      if (!subject) throw new AppError('user_not_found', undefined, { fields: { phone: 'user_not_found' } });
      if (input.target !== 'wallet' && subject.userType !== 'delala') {
        throw new AppError('validation_error', ADJUSTMENT_MESSAGES.brokerTargetOnly, { fields: { target: ADJUSTMENT_MESSAGES.brokerTargetOnly } });
      }
      const now = ctx.now();
      const row = await ctx.db.transaction(async (tx) => {
        const created = await insertAdjustment(tx, {
          subjectUserId: subject.id,
          type: input.type,
          target: input.target,
          amount: input.amount,
          reason: input.reason,
          notes: input.notes ?? null,
          createdBy: admin.id,
          createdAt: now,
        });
        await recordAudit(tx, [
          {
            adminId: admin.id,
            action: 'adjustment_logged',
            targetType: 'manual_adjustment',
            targetId: created.id,
            subjectUserId: subject.id,
            reason: input.reason,
            after: { status: 'pending', type: input.type, target: input.target, amount: input.amount },
            at: now,
          },
        ]);
        return created;
      });
      return answerOf(row.id, admin);
    },

    /** GET /admin/payments/manual-adjustments?status=pending (the default). */
    async list(admin: AuthUser, query: TManualAdjustmentsQuery): Promise<TManualAdjustment[]> {
      requireAdmin(admin);
      return (await listAdjustments(ctx.db, query.status, query.limit)).map((row) => toAnswer(row, admin));
    },

    /** POST .../{id}/approve: applied through the ledger in the same transaction, exactly once. */
    async approve(admin: AuthUser, rawId: string, notes?: string): Promise<TReviewAdjustmentAnswer['data']> {
      const { id, balance } = await review(admin, rawId, 'approved', notes);
      return { adjustment: await answerOf(id, admin), balance };
    },

    /** POST .../{id}/reject: nothing moves. */
    async reject(admin: AuthUser, rawId: string, notes?: string): Promise<TReviewAdjustmentAnswer['data']> {
      const { id, balance } = await review(admin, rawId, 'rejected', notes);
      return { adjustment: await answerOf(id, admin), balance };
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
