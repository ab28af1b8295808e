import { normalizePhone } from '@betoch/contracts/phone';
import { ZId } from '@betoch/contracts/common';
import type { TFaydaRevocation } from '@betoch/contracts/fayda';
import type { AppContext } from '../../app-context.ts';
import type { FaydaRevocationRow } from '../../db/schema/fayda.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { findUserByPhone, insertRevocation, lockRevocation, markRevocationReviewed, phoneOf, removeVerification } from './fayda.repository.ts';

function assertAdmin(user: AuthUser): void {
  if (!user.isAdmin) throw new AppError('admin_required');
}

function notFound(): AppError {
  return new AppError('not_found', 'Revocation not found.');
}

function toAnswer(row: FaydaRevocationRow, phone: string): TFaydaRevocation {
  return {
    _id: row.id,
    phone,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    review_notes: row.reviewNotes,
  };
}

/**
 * Revoking a Fayda verification (docs/fayda.md): one admin asks, with a reason; a second admin
 * approves or rejects it, as manual adjustments are reviewed (four eyes): the author can never
 * review their own (403 self_approval_forbidden), a decided one is 409 revocation_not_pending.
 * Every step is audited in the transaction that takes it.
 */
export function createFaydaRevocations(ctx: AppContext) {
  async function review(admin: AuthUser, rawId: string, decision: 'approved' | 'rejected', notes: string | undefined): Promise<TFaydaRevocation> {
    assertAdmin(admin);
    if (!ZId.safeParse(rawId).success) throw notFound();
    const id = rawId.toLowerCase();
    const at = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const revocation = await lockRevocation(tx, id);
      if (!revocation) throw notFound();
      if (revocation.createdBy === admin.id) throw new AppError('self_approval_forbidden', 'Another admin must review this revocation.');
      if (revocation.status !== 'pending') throw new AppError('revocation_not_pending');
      if (decision === 'approved') await removeVerification(tx, revocation.userId, at);
      const row = await markRevocationReviewed(tx, id, { status: decision, reviewerId: admin.id, notes: notes ?? null, at });
      await recordAudit(tx, [
        {
          adminId: admin.id,
          action: decision === 'approved' ? 'fayda_revocation_approved' : 'fayda_revocation_rejected',
          targetType: 'fayda_revocation',
          targetId: id,
          subjectUserId: revocation.userId,
          reason: notes ?? revocation.reason,
          before: { status: 'pending', verified: true },
          after: { status: decision, verified: decision !== 'approved' },
          at,
        },
      ]);
      return toAnswer(row, await phoneOf(tx, revocation.userId));
    });
  }

  return {
    async request(admin: AuthUser, input: { phone: string; reason: string }): Promise<TFaydaRevocation> {
      assertAdmin(admin);
      const phone = normalizePhone(input.phone);
      const user = phone ? await findUserByPhone(ctx.db, phone) : undefined;
      if (!user) throw new AppError('user_not_found');
      if (!user.verifiedAt) throw new AppError('invalid_state', 'This account is not verified with Fayda.');
      const at = ctx.now();
      return ctx.db.transaction(async (tx) => {
        const row = await insertRevocation(tx, { userId: user.id, reason: input.reason, createdBy: admin.id, at });
        await recordAudit(tx, [
          {
            adminId: admin.id,
            action: 'fayda_revocation_requested',
            targetType: 'fayda_revocation',
            targetId: row.id,
            subjectUserId: user.id,
            reason: input.reason,
            after: { status: 'pending' },
            at,
          },
        ]);
        return toAnswer(row, user.phone);
      });
    },
    approve: (admin: AuthUser, id: string, notes?: string) => review(admin, id, 'approved', notes),
    reject: (admin: AuthUser, id: string, notes?: string) => review(admin, id, 'rejected', notes),
  };
}

export type FaydaRevocations = ReturnType<typeof createFaydaRevocations>;
