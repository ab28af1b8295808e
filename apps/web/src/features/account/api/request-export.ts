import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExportAnswer } from '@betoch/contracts/account';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** POST /account/export: a copy of all the data, prepared in the background. */
export function requestExport(): Promise<TExportAnswer> {
  return apiRequest<TExportAnswer>('/account/export', { method: 'POST' });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestExport, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.overview }) });
}
