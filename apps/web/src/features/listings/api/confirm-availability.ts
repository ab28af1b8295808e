import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmAnswer, TFreshnessAnswer } from '@betoch/contracts/freshness';
import { apiRequest } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** POST /listings/{id}/confirm: the poster's 'Yes, still available' (confirmed now) or 'Rented'. */
export function confirmAvailability({ id, answer }: { id: string; answer: ConfirmAnswer }): Promise<TFreshnessAnswer> {
  return apiRequest<TFreshnessAnswer>(`/listings/${encodeURIComponent(id)}/confirm`, { method: 'POST', body: { answer } });
}

export function useConfirmAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmAvailability,
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
