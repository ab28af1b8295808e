import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** DELETE /saved-searches/{id}. */
export function deleteSavedSearch(id: string) {
  return callApi(savedSearchesCalls.deleteSavedSearch, { params: { id } });
}

export function useDeleteSavedSearch() {
  return useReloadingMutation(deleteSavedSearch, [savedSearchKeys.all], { background: true });
}
