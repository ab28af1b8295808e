import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /account: sign-in history and the latest export. */
export function getAccount() {
  return callApi(accountCalls.getAccount);
}

/** While an export is being prepared, the page asks again every 3 seconds. */
export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.overview,
    queryFn: getAccount,
    refetchInterval: (query) => (query.state.data?.export?.status === 'requested' ? 3000 : false),
  });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
