import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@betoch/contracts/constants';
import type { TReportAnswer, TReportRequest } from '@betoch/contracts/reports';
import { apiRequest } from '@/lib/api-client';

export interface ReportConversationInput {
  conversationId: string;
  reason: ReportReason;
  /** Optional; sent trimmed, left out when blank. */
  details?: string;
}

/** POST /reports {targetType: 'conversation', targetId, reason, details?}. */
export function reportConversation(input: ReportConversationInput): Promise<TReportAnswer> {
  const details = input.details?.trim();
  const body: TReportRequest = {
    targetType: 'conversation',
    targetId: input.conversationId,
    reason: input.reason,
    ...(details ? { details } : {}),
  };
  return apiRequest<TReportAnswer>('/reports', { method: 'POST', body });
}

export function useReportConversation() {
  return useMutation({ mutationFn: reportConversation });
}
