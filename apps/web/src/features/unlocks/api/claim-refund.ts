import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundReason, TRefundClaimAnswer } from '@betoch/contracts/refunds';
import { apiRequest } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { myUnlocksKey } from './my-unlocks';

export interface ClaimRefundInput {
  unlockId: string;
  reason: RefundReason;
}

/** POST /listings/unlocked/{id}/refund-claim {reason}: the claim, approved at once or waiting. */
export function claimRefund({ unlockId, reason }: ClaimRefundInput): Promise<TRefundClaimAnswer> {
  return apiRequest<TRefundClaimAnswer>(`/listings/unlocked/${encodeURIComponent(unlockId)}/refund-claim`, { method: 'POST', body: { reason } });
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
