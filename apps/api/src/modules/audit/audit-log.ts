import type { DbOrTx } from '../../db/client.ts';
import { adminAudit } from '../../db/schema/trust.ts';

/**
 * The audit trail (admin_audit): every admin decision and every automatic rule's action, written
 * in the transaction that takes it. Any module that decides records here; moderation reads it.
 */

/** One audited decision: an admin's (adminId) or an automatic rule's (adminId null). */
export interface AuditEntry {
  adminId: string | null;
  /** warn, hide, suspend, ban, restore, hide_listing, block_posting, unblock_posting, merge_duplicates, ... */
  action: string;
  targetType: string;
  targetId: string;
  caseId?: string | null;
  subjectUserId?: string | null;
  reason: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  at: Date;
}

export async function recordAudit(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(adminAudit).values(
    entries.map((e) => ({
      adminId: e.adminId,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      caseId: e.caseId ?? null,
      subjectUserId: e.subjectUserId ?? null,
      reason: e.reason,
      before: e.before ?? {},
      after: e.after ?? {},
      createdAt: e.at,
    })),
  );
}
