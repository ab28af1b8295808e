import { useQuery } from '@tanstack/react-query';
import type { TSavedSearchesAnswer } from '@betoch/contracts/saved-searches';
import { apiRequest } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** GET /saved-searches: each with its new matches since the last visit, and the most allowed. */
export function getSavedSearches(signal?: AbortSignal): Promise<TSavedSearchesAnswer> {
  return apiRequest<TSavedSearchesAnswer>('/saved-searches', { signal });
}

export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchKeys.all, queryFn: ({ signal }) => getSavedSearches(signal), staleTime: 0 });
}
