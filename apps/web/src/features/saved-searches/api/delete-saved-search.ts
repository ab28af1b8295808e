import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** DELETE /saved-searches/{id}. */
export function deleteSavedSearch(id: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
