import { useQuery } from '@tanstack/react-query';
import { refundsCalls } from '@betoch/contracts/routes/refunds';
import { callAdmin } from '@/lib/api-client';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

export const pendingRefundsKey = ['admin', 'payments', 'refunds', 'pending'] as const;

/** GET /admin/payments/refund-claims?status=pending: claims waiting on an admin, oldest first. */
export function usePendingRefundClaims() {
  return useQuery({
    queryKey: pendingRefundsKey,
    queryFn: ({ signal }) => callAdmin(refundsCalls.listClaims, { query: { status: 'pending' } }, { signal }),
  });
}

export interface ReviewRefundInput {
  id: string;
  decision: 'approve' | 'reject';
  note: string;
}

/** POST /admin/payments/refund-claims/{id}/approve or /reject {note}; the queue reloads. */
export function useReviewRefund() {
  return useReloadingMutation(
    ({ id, decision, note }: ReviewRefundInput) =>
      callAdmin(decision === 'approve' ? refundsCalls.approveClaim : refundsCalls.rejectClaim, { params: { id }, body: { note } }),
    [pendingRefundsKey],
    { settled: true },
  );
}
