import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /account/export: a copy of all the data, prepared in the background. */
export function requestExport() {
  return callApi(accountCalls.requestExport);
}

export function useRequestExport() {
  return useReloadingMutation(requestExport, [accountKeys.overview], { settled: true });
}
