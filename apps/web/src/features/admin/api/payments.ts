import { useQuery } from '@tanstack/react-query';
import type { TManualAdjustmentRequest } from '@betoch/contracts/admin';
import type { PurchaseStatus } from '@betoch/contracts/payments';
import { adjustmentsCalls } from '@betoch/contracts/routes/adjustments';
import { adminPaymentsCalls } from '@betoch/contracts/routes/admin-payments';
import { callAdmin, urlOf } from '@/lib/api-client';
import { readToken } from '@/lib/session-storage';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

export const delalaKey = ['admin', 'payments', 'delala'] as const;
export const pendingAdjustmentsKey = ['admin', 'payments', 'adjustments', 'pending'] as const;

/** GET /admin/payments/delala: broker accounts, blocked ones first. */
export function useDelalaAccounts() {
  return useQuery({
    queryKey: delalaKey,
    queryFn: ({ signal }) => callAdmin(adminPaymentsCalls.listDelalaAccounts, {}, { signal }),
  });
}

/** GET /admin/payments/manual-adjustments?status=pending. */
export function usePendingAdjustments() {
  return useQuery({
    queryKey: pendingAdjustmentsKey,
    queryFn: ({ signal }) => callAdmin(adjustmentsCalls.listAdjustments, { query: { status: 'pending' } }, { signal }),
  });
}

/** POST /admin/payments/delala/{phone}/unblock {reason}. */
export function useUnblockPosting() {
  return useReloadingMutation(
    ({ phone, reason }: { phone: string; reason: string }) => callAdmin(adminPaymentsCalls.unblockPosting, { params: { phone }, body: { reason } }),
    [delalaKey],
    { settled: true },
  );
}

/** POST /admin/payments/manual-adjustments: logged as pending for a second admin. */
export function useCreateAdjustment() {
  return useReloadingMutation((body: TManualAdjustmentRequest) => callAdmin(adjustmentsCalls.createAdjustment, { body }), [pendingAdjustmentsKey], {
    settled: true,
  });
}

/** An admin's decision on what another admin asked for (an adjustment, a Fayda revocation). */
export interface ReviewInput {
  id: string;
  decision: 'approve' | 'reject';
  notes?: string;
}

/** POST …/manual-adjustments/{id}/approve or /reject {notes}; the pending list and the accounts reload. */
export function useReviewAdjustment() {
  return useReloadingMutation(
    ({ id, decision, notes }: ReviewInput) =>
      callAdmin(decision === 'approve' ? adjustmentsCalls.approveAdjustment : adjustmentsCalls.rejectAdjustment, {
        params: { id },
        body: notes ? { notes } : {},
      }),
    [pendingAdjustmentsKey, delalaKey],
    { settled: true },
  );
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
    queryFn: ({ signal }) => callAdmin(adminPaymentsCalls.listPurchases, { query: purchaseQuery(filter) }, { signal }),
  });
}

/** POST /admin/payments/purchases/{id}/verify: asks the gateway again; the list reloads. */
export function useReverifyPurchase() {
  return useReloadingMutation((id: string) => callAdmin(adminPaymentsCalls.reverifyPurchase, { params: { id } }), [purchasesKey], { settled: true });
}

/** GET /admin/payments/purchases.csv with the filter, as a file the browser saves. */
export async function downloadPurchasesCsv(filter: PurchaseFilter): Promise<void> {
  const token = readToken();
  const res = await fetch(urlOf(adminPaymentsCalls.exportPurchasesCsv, { query: { ...purchaseQuery(filter), limit: 5000 } }), {
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
