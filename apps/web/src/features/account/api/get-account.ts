import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccountAnswer } from '@betoch/contracts/account';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /account: sign-in history and the latest export. */
export function getAccount(): Promise<TAccountAnswer> {
  return apiRequest<TAccountAnswer>('/account');
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
