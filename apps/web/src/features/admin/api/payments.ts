import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TDelalaAccountsAnswer,
  TManualAdjustmentAnswer,
  TManualAdjustmentRequest,
  TManualAdjustmentsAnswer,
  TReviewAdjustmentAnswer,
  TUnblockPostingAnswer,
} from '@betoch/contracts/admin';
import { adminRequest } from '@/lib/api-client';

export const delalaKey = ['admin', 'payments', 'delala'] as const;
export const pendingAdjustmentsKey = ['admin', 'payments', 'adjustments', 'pending'] as const;

/** GET /admin/payments/delala: broker accounts, blocked ones first. */
export function useDelalaAccounts() {
  return useQuery({
    queryKey: delalaKey,
    queryFn: ({ signal }) => adminRequest<TDelalaAccountsAnswer['data']>('/admin/payments/delala', { signal }),
  });
}

/** GET /admin/payments/manual-adjustments?status=pending. */
export function usePendingAdjustments() {
  return useQuery({
    queryKey: pendingAdjustmentsKey,
    queryFn: ({ signal }) =>
      adminRequest<TManualAdjustmentsAnswer['data']>('/admin/payments/manual-adjustments', { query: { status: 'pending' }, signal }),
  });
}

/** POST /admin/payments/delala/{phone}/unblock {reason}. */
export function useUnblockPosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ phone, reason }: { phone: string; reason: string }) =>
      adminRequest<TUnblockPostingAnswer['data']>(`/admin/payments/delala/${encodeURIComponent(phone)}/unblock`, { method: 'POST', body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: delalaKey }),
  });
}

/** POST /admin/payments/manual-adjustments: logged as pending for a second admin. */
export function useCreateAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TManualAdjustmentRequest) =>
      adminRequest<TManualAdjustmentAnswer['data']>('/admin/payments/manual-adjustments', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingAdjustmentsKey }),
  });
}

export interface ReviewInput {
  id: string;
  decision: 'approve' | 'reject';
  notes?: string;
}

/** POST …/manual-adjustments/{id}/approve or /reject {notes}; the pending list and the accounts reload. */
export function useReviewAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, notes }: ReviewInput) =>
      adminRequest<TReviewAdjustmentAnswer['data']>(`/admin/payments/manual-adjustments/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: notes ? { notes } : {},
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingAdjustmentsKey }),
        queryClient.invalidateQueries({ queryKey: delalaKey }),
      ]);
    },
  });
}
