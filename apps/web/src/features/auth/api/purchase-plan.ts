import { useMutation } from '@tanstack/react-query';
import type { Sku } from '@betoch/contracts/constants';
import { apiRequest } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { randomId } from '@/lib/random-id';

/** The part of the POST /purchase answer this flow reads. */
interface PurchaseAnswer {
  ok: true;
  purchase_id: string;
}

/**
 * POST /purchase {sku} right after a broker's signup. One idempotency key per attempt, so a
 * retried request is never charged twice. The wallet badge reloads afterwards.
 */
export async function purchasePlan(sku: Sku): Promise<PurchaseAnswer> {
  const answer = await apiRequest<PurchaseAnswer>('/purchase', {
    method: 'POST',
    body: { sku },
    headers: { 'idempotency-key': randomId() },
  });
  emitAppEvent(APP_EVENTS.walletUpdated);
  return answer;
}

export function usePurchasePlan() {
  return useMutation({ mutationFn: purchasePlan });
}
