import { DELALA_AUTO_BLOCK_WINDOW_DAYS } from '@betoch/contracts/constants';
import { normalizePhone } from '@betoch/contracts/phone';
import type { TDelalaAccount } from '@betoch/contracts/admin';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { requireAdmin } from '../auth/access.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { findOpenCase, lockCase, recordCaseAction } from '../moderation-cases/moderation-cases.ts';
import { findUserByPhone, lockUser, setPostingBlock } from '../users/user-rows.ts';
import { effectiveStatus } from '../users/user-view.ts';
import { planActive } from '../wallet/ledger.ts';
import { findDelalaAccount, listDelalaAccounts, type DelalaAccountRow } from './admin-payments.repository.ts';

const DAY_MS = 24 * 3600 * 1000;

function notFound(): AppError {
  return new AppError('not_found', 'No delala account uses this phone number.');
}

export function createAdminPaymentsService(ctx: AppContext) {
  function hiddenSince(): Date {
    return new Date(ctx.now().getTime() - DELALA_AUTO_BLOCK_WINDOW_DAYS * DAY_MS);
  }

  function toAccount(row: DelalaAccountRow): TDelalaAccount {
    const now = ctx.now();
    return {
      phone: row.phone,
      name: row.name,
      agency_name: row.agencyName,
      post_credits: row.postCredits,
      subscription_active: planActive(row.delalaUnlimitedUntil, now),
      subscription_until: row.delalaUnlimitedUntil?.toISOString() ?? null,
      posting_blocked: row.postingBlockedReason !== null,
      posting_blocked_reason: row.postingBlockedReason,
      posting_blocked_at: row.postingBlockedAt?.toISOString() ?? null,
      status: effectiveStatus(row, now),
      hidden_listings_30d: row.hiddenRecently,
    };
  }

  return {
    /** GET /admin/payments/delala. */
    async listDelala(admin: AuthUser, limit: number): Promise<TDelalaAccount[]> {
      requireAdmin(admin);
      return (await listDelalaAccounts(ctx.db, limit, hiddenSince())).map(toAccount);
    },

    /**
     * POST /admin/payments/delala/{phone}/unblock: lifts the posting block, audited with the
     * reason. Hides before this moment no longer count toward the automatic block. An open user
     * case of the automatic block is closed with the unblock as its last action.
     */
    async unblock(admin: AuthUser, rawPhone: string, reason: string): Promise<TDelalaAccount> {
      requireAdmin(admin);
      const phone = normalizePhone(rawPhone);
      const found = phone ? await findUserByPhone(ctx.db, phone) : undefined;
      if (!found || found.userType !== 'delala') throw notFound();
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const broker = await lockUser(tx, found.id);
        if (!broker) throw notFound();
        if (broker.postingBlockedReason === null) return;
        await setPostingBlock(tx, broker.id, null);
        const open = await findOpenCase(tx, 'user', broker.id);
        const userCase = open ? await lockCase(tx, open.id) : undefined;
        const closes = userCase?.status === 'open' && userCase.autoActions.some((a) => a.type === 'block_posting');
        await recordAudit(tx, [
          {
            adminId: admin.id,
            action: 'unblock_posting',
            targetType: 'user',
            targetId: broker.id,
            caseId: closes ? userCase.id : null,
            subjectUserId: broker.id,
            reason,
            before: { posting_blocked_reason: broker.postingBlockedReason },
            after: { posting_blocked_reason: null },
            at: now,
          },
        ]);
        if (closes) await recordCaseAction(tx, userCase.id, { action: 'restore', reason, adminId: admin.id, now });
      });
      const account = await findDelalaAccount(ctx.db, found.id, hiddenSince());
      if (!account) throw notFound();
      return toAccount(account);
    },
  };
}

export type AdminPaymentsService = ReturnType<typeof createAdminPaymentsService>;
