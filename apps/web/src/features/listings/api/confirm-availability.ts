import type { ConfirmAnswer } from '@betoch/contracts/freshness';
import { freshnessCalls } from '@betoch/contracts/routes/freshness';
import { callApi } from '@/lib/api-client';
import { listingKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /listings/{id}/confirm: the poster's 'Yes, still available' (confirmed now) or 'Rented'. */
export function confirmAvailability({ id, answer }: { id: string; answer: ConfirmAnswer }) {
  return callApi(freshnessCalls.confirmAvailability, { params: { id }, body: { answer } });
}

export function useConfirmAvailability() {
  return useReloadingMutation(confirmAvailability, [listingKeys.all]);
}
