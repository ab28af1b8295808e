import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /saved-searches/{id}/visit: opening the search; its new matches count from now. */
export function visitSavedSearch(id: string) {
  return callApi(savedSearchesCalls.visitSavedSearch, { params: { id } });
}

export function useVisitSavedSearch() {
  return useReloadingMutation(visitSavedSearch, [savedSearchKeys.all], { settled: true, background: true });
}
