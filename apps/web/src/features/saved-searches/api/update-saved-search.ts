import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSavedSearchesAnswer, TUpdateSavedSearchRequest } from '@betoch/contracts/saved-searches';
import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** PATCH /saved-searches/{id} {name?, alerts?, sms?}. */
export function updateSavedSearch({ id, ...body }: TUpdateSavedSearchRequest & { id: string }) {
  return callApi(savedSearchesCalls.updateSavedSearch, { params: { id }, body });
}

/** The toggles: the list shows the answer at once. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onSuccess: ({ saved_search }) => {
      queryClient.setQueryData<TSavedSearchesAnswer>(savedSearchKeys.all, (old) =>
        old ? { ...old, saved_searches: old.saved_searches.map((s) => (s._id === saved_search._id ? saved_search : s)) } : old,
      );
    },
  });
}
