import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminRefundClaimsAnswer, TReviewRefundAnswer } from '@betoch/contracts/refunds';
import { adminRequest } from '@/lib/api-client';

export const pendingRefundsKey = ['admin', 'payments', 'refunds', 'pending'] as const;

/** GET /admin/payments/refund-claims?status=pending: claims waiting on an admin, oldest first. */
export function usePendingRefundClaims() {
  return useQuery({
    queryKey: pendingRefundsKey,
    queryFn: ({ signal }) => adminRequest<TAdminRefundClaimsAnswer['data']>('/admin/payments/refund-claims', { query: { status: 'pending' }, signal }),
  });
}

export interface ReviewRefundInput {
  id: string;
  decision: 'approve' | 'reject';
  note: string;
}

/** POST /admin/payments/refund-claims/{id}/approve or /reject {note}; the queue reloads. */
export function useReviewRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: ReviewRefundInput) =>
      adminRequest<TReviewRefundAnswer['data']>(`/admin/payments/refund-claims/${encodeURIComponent(id)}/${decision}`, { method: 'POST', body: { note } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingRefundsKey }),
  });
}
