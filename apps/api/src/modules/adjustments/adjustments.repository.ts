import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { manualAdjustments, type ManualAdjustmentRow } from '../../db/schema/trust.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

export type NewAdjustment = Pick<ManualAdjustmentRow, 'subjectUserId' | 'type' | 'target' | 'amount' | 'reason' | 'notes' | 'createdBy' | 'createdAt'>;

export async function insertAdjustment(db: DbOrTx, values: NewAdjustment): Promise<ManualAdjustmentRow> {
  const [row] = await db.insert(manualAdjustments).values(values).returning();
  if (!row) throw new Error('adjustment insert returned nothing');
  return row;
}

/** Locks the adjustment row: of two admins reviewing at once, the second waits and then sees the first's decision. */
export async function lockAdjustment(db: DbOrTx, id: string): Promise<ManualAdjustmentRow | undefined> {
  const [row] = await db.select().from(manualAdjustments).where(eq(manualAdjustments.id, id)).for('no key update');
  return row;
}

export async function markReviewed(
  db: DbOrTx,
  id: string,
  review: { status: 'approved' | 'rejected'; reviewerId: string; notes: string | null; now: Date },
): Promise<void> {
  await db
    .update(manualAdjustments)
    .set({ status: review.status, reviewedBy: review.reviewerId, reviewedAt: review.now, reviewNotes: review.notes })
    .where(eq(manualAdjustments.id, id));
}

export interface AdjustmentWithPeople {
  adjustment: ManualAdjustmentRow;
  subjectPhone: string;
  subjectName: string | null;
  subjectType: UserRow['userType'];
  createdByPhone: string | null;
  reviewedByPhone: string | null;
}

function withPeople(db: DbOrTx) {
  return db
    .select({
      adjustment: manualAdjustments,
      subjectPhone: users.phone,
      subjectName: users.name,
      subjectType: users.userType,
      createdByPhone: sql<string | null>`(SELECT phone FROM users WHERE id = ${manualAdjustments.createdBy})`,
      reviewedByPhone: sql<string | null>`(SELECT phone FROM users WHERE id = ${manualAdjustments.reviewedBy})`,
    })
    .from(manualAdjustments)
    .innerJoin(users, eq(users.id, manualAdjustments.subjectUserId));
}

export async function findAdjustmentWithPeople(db: DbOrTx, id: string): Promise<AdjustmentWithPeople | undefined> {
  const [row] = await withPeople(db).where(eq(manualAdjustments.id, id)).limit(1);
  return row;
}

/** Pending ones newest first; decided ones most recently decided first. */
export async function listAdjustments(db: DbOrTx, status: ManualAdjustmentRow['status'], limit: number): Promise<AdjustmentWithPeople[]> {
  return withPeople(db)
    .where(eq(manualAdjustments.status, status))
    .orderBy(status === 'pending' ? desc(manualAdjustments.createdAt) : desc(manualAdjustments.reviewedAt), desc(manualAdjustments.id))
    .limit(limit);
}
