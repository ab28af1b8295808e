import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** DELETE /saved-searches/{id}. */
export function deleteSavedSearch(id: string) {
  return callApi(savedSearchesCalls.deleteSavedSearch, { params: { id } });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
