import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@betoch/contracts/constants';
import { apiRequest } from '@/lib/api-client';

/** Report payload of spec sections 3 and 7. */
export interface CreateReportInput {
  targetType: 'listing';
  targetId: string;
  reason: ReportReason;
  /** Optional; sent trimmed, left out when blank. */
  details?: string;
}

/** POST /reports {targetType, targetId, reason, details?}. */
export async function createReport(input: CreateReportInput): Promise<void> {
  const details = input.details?.trim();
  await apiRequest<{ ok: true }>('/reports', {
    method: 'POST',
    body: { targetType: input.targetType, targetId: input.targetId, reason: input.reason, ...(details ? { details } : {}) },
  });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
