import { useMutation } from '@tanstack/react-query';
import type { Sku } from '@betoch/contracts/constants';
import { apiRequest } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { goToCheckout } from '@/lib/go-to-checkout';
import { randomId } from '@/lib/random-id';

/** The part of the POST /purchase answer this flow reads (a hosted checkout answers checkout_url). */
interface PurchaseAnswer {
  ok: true;
  purchase_id?: string;
  status?: 'pending';
  checkout_url?: string;
}

/**
 * POST /purchase {sku} right after a broker's signup. One idempotency key per attempt, so a
 * retried request is never charged twice. The wallet badge reloads afterwards. With a hosted
 * checkout the browser goes to the gateway's page, which brings the broker back to `returnPath`
 * through /wallet/return once paid; the promise then never settles (the page is left).
 */
export async function purchasePlan(sku: Sku, returnPath = '/post/delala'): Promise<PurchaseAnswer> {
  const answer = await apiRequest<PurchaseAnswer>('/purchase', {
    method: 'POST',
    body: { sku, return_path: returnPath },
    headers: { 'idempotency-key': randomId() },
  });
  if (answer.status === 'pending' && answer.checkout_url) {
    goToCheckout(answer.checkout_url);
    return new Promise<PurchaseAnswer>(() => undefined);
  }
  emitAppEvent(APP_EVENTS.walletUpdated);
  return answer;
}

export function usePurchasePlan() {
  return useMutation({ mutationFn: (sku: Sku) => purchasePlan(sku) });
}
