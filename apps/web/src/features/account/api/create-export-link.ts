import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /account/export/link: a single-use link to the ready file. */
export function createExportLink() {
  return callApi(accountCalls.createExportLink);
}

export function useCreateExportLink() {
  return useReloadingMutation(createExportLink, [accountKeys.overview], { settled: true });
}
