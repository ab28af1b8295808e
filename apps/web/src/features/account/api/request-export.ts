import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** POST /account/export: a copy of all the data, prepared in the background. */
export function requestExport() {
  return callApi(accountCalls.requestExport);
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestExport, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.overview }) });
}
