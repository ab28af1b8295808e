import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundReason } from '@betoch/contracts/refunds';
import { refundsCalls } from '@betoch/contracts/routes/refunds';
import { callApi } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { myUnlocksKey } from './my-unlocks';

export interface ClaimRefundInput {
  unlockId: string;
  reason: RefundReason;
}

/** POST /listings/unlocked/{id}/refund-claim {reason}: the claim, approved at once or waiting. */
export function claimRefund({ unlockId, reason }: ClaimRefundInput) {
  return callApi(refundsCalls.claimRefund, { params: { id: unlockId }, body: { reason } });
}

/** After a claim the list shows its state, and the wallet its balance (a refund may have come back at once). */
export function useClaimRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRefund,
    onSuccess: (answer) => {
      if (answer.claim.status === 'approved') emitAppEvent(APP_EVENTS.walletUpdated);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myUnlocksKey });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
