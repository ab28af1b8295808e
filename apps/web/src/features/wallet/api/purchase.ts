import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isPendingPurchase } from '@betoch/contracts/wallet';
import { purchaseSku, type PurchaseInput } from '@/api/purchase-sku';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { walletBalanceKey } from './wallet-balance';

/**
 * After a purchase the balance reloads and walletUpdated fires. A pending purchase (hosted
 * checkout) changes nothing yet: the page sends the user to the checkout.
 */
export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseInput) => purchaseSku(input),
    onSuccess: async (answer) => {
      if (isPendingPurchase(answer)) return;
      emitAppEvent(APP_EVENTS.walletUpdated);
      // The badge reloads on the event too: one request serves both (a running one is kept).
      await queryClient.invalidateQueries({ queryKey: walletBalanceKey }, { cancelRefetch: false });
    },
  });
}
