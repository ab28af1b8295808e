import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUnlockStatus } from '@betoch/contracts/unlocks';
import { unlocksCalls } from '@betoch/contracts/routes/unlocks';
import { callApi } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { useSession } from '@/lib/session';
import { unlockStatusKey } from './get-unlock-status';

/**
 * POST /listings/{id}/unlock-contact: the poster's phone for 1 credit (nothing for a repeat or
 * under the tenant plan); `credits` is the balance after the call.
 * Errors: 402 insufficient_credits, 403 contact_hidden / own_listing / account_suspended.
 */
export function unlockContact(id: string) {
  return callApi(unlocksCalls.unlockContact, { params: { id } });
}

/**
 * Unlocks one listing's contact for the signed-in `viewer`. Afterwards: the
 * unlock status holds the phone, the stored user's credits drop locally unless the unlock was free,
 * and walletUpdated fires (the badge reloads the balance).
 */
export function useUnlockContact(id: string, viewer: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: () => unlockContact(id),
    onSuccess: (answer) => {
      queryClient.setQueryData<TUnlockStatus>(unlockStatusKey(id, viewer), { is_unlocked: true, poster_phone: answer.contact.phone });
      if (answer.used_credit && session.user) session.updateUser({ ...session.user, wallet_credits: answer.credits });
      emitAppEvent(APP_EVENTS.walletUpdated);
    },
  });
}
