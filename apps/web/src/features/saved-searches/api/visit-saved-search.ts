import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSavedSearchAnswer } from '@betoch/contracts/saved-searches';
import { apiRequest } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** POST /saved-searches/{id}/visit: opening the search; its new matches count from now. */
export function visitSavedSearch(id: string): Promise<TSavedSearchAnswer> {
  return apiRequest<TSavedSearchAnswer>(`/saved-searches/${encodeURIComponent(id)}/visit`, { method: 'POST' });
}

export function useVisitSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: visitSavedSearch,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
