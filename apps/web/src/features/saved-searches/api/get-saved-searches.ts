import { useQuery } from '@tanstack/react-query';
import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** GET /saved-searches: each with its new matches since the last visit, and the most allowed. */
export function getSavedSearches(signal?: AbortSignal) {
  return callApi(savedSearchesCalls.listSavedSearches, {}, { signal });
}

export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchKeys.all, queryFn: ({ signal }) => getSavedSearches(signal), staleTime: 0 });
}
