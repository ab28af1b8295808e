import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmAnswer } from '@betoch/contracts/freshness';
import { freshnessCalls } from '@betoch/contracts/routes/freshness';
import { callApi } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** POST /listings/{id}/confirm: the poster's 'Yes, still available' (confirmed now) or 'Rented'. */
export function confirmAvailability({ id, answer }: { id: string; answer: ConfirmAnswer }) {
  return callApi(freshnessCalls.confirmAvailability, { params: { id }, body: { answer } });
}

export function useConfirmAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmAvailability,
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
