import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations } from '../../db/schema/conversations.ts';
import { reports, type ReportRow } from '../../db/schema/trust.ts';

export async function findConversationParticipants(db: DbOrTx, id: string): Promise<{ tenantId: string; ownerId: string } | undefined> {
  const [row] = await db
    .select({ tenantId: conversations.tenantId, ownerId: conversations.ownerId })
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return row;
}

export interface NewReport {
  caseId: string;
  reporterId: string;
  targetType: ReportRow['targetType'];
  targetId: string;
  reportedUserId: string | null;
  reason: ReportRow['reason'];
  details: string | null;
  createdAt: Date;
}

/** Inserts the report, or answers undefined when this reporter already reported in this case. */
export async function insertReport(db: DbOrTx, report: NewReport): Promise<ReportRow | undefined> {
  const [row] = await db
    .insert(reports)
    .values(report)
    .onConflictDoNothing({ target: [reports.caseId, reports.reporterId] })
    .returning();
  return row;
}

/** Different people who reported in the case. */
export async function countCaseReporters(db: DbOrTx, caseId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${reports.reporterId})` })
    .from(reports)
    .where(eq(reports.caseId, caseId));
  return Number(row?.n ?? 0);
}
