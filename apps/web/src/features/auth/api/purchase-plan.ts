import { useMutation } from '@tanstack/react-query';
import type { Sku } from '@betoch/contracts/constants';
import { isPendingPurchase, type TPurchaseAnswer } from '@betoch/contracts/wallet';
import { purchaseSku } from '@/api/purchase-sku';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { goToCheckout } from '@/lib/go-to-checkout';

/**
 * The broker's plan right after signup (purchaseSku: one idempotency key per attempt, so a
 * retried request is never charged twice). The wallet badge reloads afterwards. With a hosted
 * checkout the browser goes to the gateway's page, which brings the broker back to `returnPath`
 * through /wallet/return once paid; the promise then never settles (the page is left).
 */
export async function purchasePlan(sku: Sku, returnPath = '/post/delala'): Promise<TPurchaseAnswer> {
  const answer = await purchaseSku({ sku, returnPath });
  if (isPendingPurchase(answer)) {
    goToCheckout(answer.checkout_url);
    return new Promise<TPurchaseAnswer>(() => undefined);
  }
  emitAppEvent(APP_EVENTS.walletUpdated);
  return answer;
}

export function usePurchasePlan() {
  return useMutation({ mutationFn: (sku: Sku) => purchasePlan(sku) });
}
