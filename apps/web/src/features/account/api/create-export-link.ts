import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** POST /account/export/link: a single-use link to the ready file. */
export function createExportLink() {
  return callApi(accountCalls.createExportLink);
}

export function useCreateExportLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createExportLink, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.overview }) });
}
