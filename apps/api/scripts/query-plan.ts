import type { Database } from '../src/db/client.ts';

/** One node of a plan as EXPLAIN (ANALYZE, FORMAT JSON) writes it. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The plan the database ran for a Drizzle query, and its planning and execution time in ms. */
export async function explainAnalyze(
  database: Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<{ plan: PlanNode; planning: number; execution: number }> {
  const { sql, params } = query.toSQL();
  const [row] = await database.sql.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const raw = row!['QUERY PLAN'];
  const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }>;
  return { plan: top!.Plan, planning: top!['Planning Time'], execution: top!['Execution Time'] };
}

/** The node and every node below it, outermost first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** Rows a plan read: what its scans of a table (or an index alone) answered or threw away after reading, every loop. */
export function rowsRead(plan: PlanNode): number {
  return planNodes(plan)
    .filter((n) => n['Relation Name'] !== undefined)
    .reduce(
      (sum, n) => sum + ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) * (n['Actual Loops'] ?? 1),
      0,
    );
}
