import type { TCreateSavedSearchRequest } from '@betoch/contracts/saved-searches';
import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /saved-searches {name, filters, sms}; 409 saved_search_limit past the tenth. */
export function createSavedSearch(body: TCreateSavedSearchRequest) {
  return callApi(savedSearchesCalls.createSavedSearch, { body });
}

export function useCreateSavedSearch() {
  return useReloadingMutation(createSavedSearch, [savedSearchKeys.all], { background: true });
}
