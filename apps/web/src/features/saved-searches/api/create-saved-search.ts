import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateSavedSearchRequest } from '@betoch/contracts/saved-searches';
import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** POST /saved-searches {name, filters, sms}; 409 saved_search_limit past the tenth. */
export function createSavedSearch(body: TCreateSavedSearchRequest) {
  return callApi(savedSearchesCalls.createSavedSearch, { body });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
