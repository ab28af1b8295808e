import { normalizePhone } from '@betoch/contracts/phone';
import { ZId } from '@betoch/contracts/common';
import type { TFaydaRevocation } from '@betoch/contracts/fayda';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import {
  findRevocationWithPeople,
  hasPendingRevocation,
  findUserByPhone,
  insertRevocation,
  listDecidedRevocations,
  listPendingRevocations,
  lockRevocation,
  markRevocationReviewed,
  removeVerification,
  type RevocationWithPeople,
} from './fayda.repository.ts';
import { requireAdmin } from '../auth/access.ts';

/** How many of each list the admin screen shows, and how far back the decided ones go. */
const LIST_LIMIT = 100;
const DECIDED_WITHIN_MS = 30 * 86_400_000;

function notFound(): AppError {
  return new AppError('not_found', 'Revocation not found.');
}

function toAnswer({ revocation: row, phone, name, createdByPhone, reviewedByPhone }: RevocationWithPeople, viewer: AuthUser): TFaydaRevocation {
  return {
    _id: row.id,
    phone,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    review_notes: row.reviewNotes,
    name,
    created_by: createdByPhone,
    reviewed_by: reviewedByPhone,
    created_by_viewer: row.createdBy === viewer.id,
  };
}

async function answerOf(db: Parameters<typeof findRevocationWithPeople>[0], id: string, viewer: AuthUser): Promise<TFaydaRevocation> {
  const found = await findRevocationWithPeople(db, id);
  if (!found) throw notFound();
  return toAnswer(found, viewer);
}

/**
 * Revoking a Fayda verification (docs/fayda.md): one admin asks, with a reason; a second admin
 * approves or rejects it, as manual adjustments are reviewed (four eyes): the author can never
 * review their own (403 self_approval_forbidden), a decided one is 409 revocation_not_pending.
 * Every step is audited in the transaction that takes it.
 */
export function createFaydaRevocations(ctx: AppContext) {
  async function review(admin: AuthUser, rawId: string, decision: 'approved' | 'rejected', notes: string | undefined): Promise<TFaydaRevocation> {
    requireAdmin(admin);
    if (!ZId.safeParse(rawId).success) throw notFound();
    const id = rawId.toLowerCase();
    const at = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const revocation = await lockRevocation(tx, id);
      if (!revocation) throw notFound();
      if (revocation.createdBy === admin.id) throw new AppError('self_approval_forbidden', 'Another admin must review this revocation.');
      if (revocation.status !== 'pending') throw new AppError('revocation_not_pending');
      if (decision === 'approved') await removeVerification(tx, revocation.userId, at);
      await markRevocationReviewed(tx, id, { status: decision, reviewerId: admin.id, notes: notes ?? null, at });
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
      return answerOf(tx, id, admin);
    });
  }

  return {
    /** The pending revocations (oldest first) and those decided in the last 30 days (newest first). */
    async list(admin: AuthUser): Promise<{ pending: TFaydaRevocation[]; decided: TFaydaRevocation[] }> {
      requireAdmin(admin);
      const [pending, decided] = await Promise.all([
        listPendingRevocations(ctx.db, LIST_LIMIT),
        listDecidedRevocations(ctx.db, new Date(ctx.now().getTime() - DECIDED_WITHIN_MS), LIST_LIMIT),
      ]);
      return { pending: pending.map((r) => toAnswer(r, admin)), decided: decided.map((r) => toAnswer(r, admin)) };
    },
    async request(admin: AuthUser, input: { phone: string; reason: string }): Promise<TFaydaRevocation> {
      requireAdmin(admin);
      const phone = normalizePhone(input.phone);
      const user = phone ? await findUserByPhone(ctx.db, phone) : undefined;
      if (!user) throw new AppError('user_not_found');
      if (!user.verifiedAt) throw new AppError('invalid_state', 'This account is not verified with Fayda.');
      const at = ctx.now();
      return ctx.db.transaction(async (tx) => {
        if (await hasPendingRevocation(tx, user.id)) throw new AppError('revocation_pending');
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
        return answerOf(tx, row.id, admin);
      });
    },
    approve: (admin: AuthUser, id: string, notes?: string) => review(admin, id, 'approved', notes),
    reject: (admin: AuthUser, id: string, notes?: string) => review(admin, id, 'rejected', notes),
  };
}

export type FaydaRevocations = ReturnType<typeof createFaydaRevocations>;
