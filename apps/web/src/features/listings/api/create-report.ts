import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@betoch/contracts/constants';
import { reportsCalls } from '@betoch/contracts/routes/reports';
import { callApi } from '@/lib/api-client';

/** A report of a listing: the reason, and optional details. */
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
  await callApi(reportsCalls.createReport, {
    body: { targetType: input.targetType, targetId: input.targetId, reason: input.reason, ...(details ? { details } : {}) },
  });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
