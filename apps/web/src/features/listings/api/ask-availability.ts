import { useMutation } from '@tanstack/react-query';
import { freshnessCalls } from '@betoch/contracts/routes/freshness';
import { callApi } from '@/lib/api-client';

/** POST /listings/{id}/ask-availability: a tenant's 'Is it still available?' (the poster is asked at once). */
export function askAvailability(id: string) {
  return callApi(freshnessCalls.askAvailability, { params: { id } });
}

export function useAskAvailability() {
  return useMutation({ mutationFn: askAvailability });
}
