import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { moderationCases, type ModerationCaseRow, type StoredAutoAction } from '../../db/schema/trust.ts';

/**
 * The moderation queue's cases, for every module that files into it: one open case per target
 * (listing, user, conversation) collects the reports and automatic actions against it until an
 * admin acts on it (modules/moderation reads and reviews the queue).
 */

export type CaseTargetType = ModerationCaseRow['targetType'];
export type ModerationAction = NonNullable<ModerationCaseRow['lastAction']>;

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
