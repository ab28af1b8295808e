import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** POST /saved-searches/{id}/visit: opening the search; its new matches count from now. */
export function visitSavedSearch(id: string) {
  return callApi(savedSearchesCalls.visitSavedSearch, { params: { id } });
}

export function useVisitSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: visitSavedSearch,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
