import { useMutation } from '@tanstack/react-query';
import type { TAskAvailabilityAnswer } from '@betoch/contracts/freshness';
import { apiRequest } from '@/lib/api-client';

/** POST /listings/{id}/ask-availability: a tenant's 'Is it still available?' (the poster is asked at once). */
export function askAvailability(id: string): Promise<TAskAvailabilityAnswer> {
  return apiRequest<TAskAvailabilityAnswer>(`/listings/${encodeURIComponent(id)}/ask-availability`, { method: 'POST' });
}

export function useAskAvailability() {
  return useMutation({ mutationFn: askAvailability });
}
