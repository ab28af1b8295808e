import { useQuery } from '@tanstack/react-query';
import { MODERATION_LIST_LIMIT, type ModerationAction } from '@betoch/contracts/constants';
import type { CaseStatus } from '@betoch/contracts/admin';
import { moderationCalls } from '@betoch/contracts/routes/moderation';
import { callAdmin } from '@/lib/api-client';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

export const casesKey = (status: CaseStatus) => ['admin', 'cases', status] as const;

/** GET /admin/moderation/cases?status=…&limit=50: newest first. */
export function useModerationCases(status: CaseStatus) {
  return useQuery({
    queryKey: casesKey(status),
    queryFn: ({ signal }) => callAdmin(moderationCalls.listCases, { query: { status, limit: MODERATION_LIST_LIMIT } }, { signal }),
  });
}

export interface CaseActionInput {
  caseId: string;
  action: ModerationAction;
  reason: string;
}

/** POST /admin/moderation/cases/{id}/actions {action, reason}; both lists reload afterwards. */
export function useCaseAction() {
  return useReloadingMutation(
    ({ caseId, action, reason }: CaseActionInput) => callAdmin(moderationCalls.actOnCase, { params: { id: caseId }, body: { action, reason } }),
    [['admin', 'cases']],
    { settled: true },
  );
}
