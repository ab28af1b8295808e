import { queryOptions, useQuery } from '@tanstack/react-query';
import { faydaCalls } from '@betoch/contracts/routes/fayda';
import { callApi } from '@/lib/api-client';
import { faydaKeys } from './query-keys';

/** GET /fayda: whether verification is offered and the user's own verification. */
export function getFayda() {
  return callApi(faydaCalls.getFayda);
}

export function faydaQueryOptions() {
  return queryOptions({ queryKey: faydaKeys.status, queryFn: getFayda, staleTime: 60_000 });
}

export function useFayda() {
  return useQuery(faydaQueryOptions());
}
