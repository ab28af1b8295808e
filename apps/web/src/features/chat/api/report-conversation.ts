import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@betoch/contracts/constants';
import type { TReportRequest } from '@betoch/contracts/reports';
import { reportsCalls } from '@betoch/contracts/routes/reports';
import { callApi } from '@/lib/api-client';

export interface ReportConversationInput {
  conversationId: string;
  reason: ReportReason;
  /** Optional; sent trimmed, left out when blank. */
  details?: string;
}

/** POST /reports {targetType: 'conversation', targetId, reason, details?}. */
export function reportConversation(input: ReportConversationInput) {
  const details = input.details?.trim();
  const body: TReportRequest = {
    targetType: 'conversation',
    targetId: input.conversationId,
    reason: input.reason,
    ...(details ? { details } : {}),
  };
  return callApi(reportsCalls.createReport, { body });
}

export function useReportConversation() {
  return useMutation({ mutationFn: reportConversation });
}
