import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TDelalaAccountsAnswer,
  TManualAdjustmentAnswer,
  TManualAdjustmentRequest,
  TManualAdjustmentsAnswer,
  TReviewAdjustmentAnswer,
  TUnblockPostingAnswer,
} from '@betoch/contracts/admin';
import type { PurchaseStatus, TAdminPurchasesAnswer, TAdminReverifyAnswer } from '@betoch/contracts/payments';
import { adminRequest, buildUrl } from '@/lib/api-client';
import { readToken } from '@/lib/session-storage';

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

export interface PurchaseFilter {
  status?: PurchaseStatus;
  provider?: string;
  /** yyyy-mm-dd (inclusive) */
  from?: string;
  /** yyyy-mm-dd (inclusive: the day after is sent) */
  to?: string;
}

/** The filter as the API takes it: `to` is exclusive there, so the day after the chosen one. */
export function purchaseQuery(f: PurchaseFilter): Record<string, string | undefined> {
  const next = f.to ? new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : undefined;
  return { status: f.status || undefined, provider: f.provider || undefined, from: f.from || undefined, to: next };
}

export const purchasesKey = ['admin', 'payments', 'purchases'] as const;

/** GET /admin/payments/purchases with the filter. */
export function usePurchases(filter: PurchaseFilter) {
  return useQuery({
    queryKey: [...purchasesKey, filter],
    queryFn: ({ signal }) => adminRequest<TAdminPurchasesAnswer['data']>('/admin/payments/purchases', { query: purchaseQuery(filter), signal }),
  });
}

/** POST /admin/payments/purchases/{id}/verify: asks the gateway again; the list reloads. */
export function useReverifyPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest<TAdminReverifyAnswer['data']>(`/admin/payments/purchases/${encodeURIComponent(id)}/verify`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasesKey }),
  });
}

/** GET /admin/payments/purchases.csv with the filter, as a file the browser saves. */
export async function downloadPurchasesCsv(filter: PurchaseFilter): Promise<void> {
  const token = readToken();
  const res = await fetch(buildUrl('/admin/payments/purchases.csv', { ...purchaseQuery(filter), limit: 5000 }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`CSV export failed (${res.status})`);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'betoch-purchases.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
