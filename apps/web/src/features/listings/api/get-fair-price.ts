import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFairPriceHint } from '@betoch/contracts/fair-price';
import { fairPriceCalls } from '@betoch/contracts/routes/fair-price';
import { callApi } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** GET /listings/{id}/fair-price: the hint, or null with too few comparable listings. */
export async function getFairPrice(id: string, signal?: AbortSignal): Promise<TFairPriceHint | null> {
  const answer = await callApi(fairPriceCalls.getFairPrice, { params: { id } }, { signal });
  return answer.hint;
}

/** The server's medians are at most an hour old; ten minutes here. No retry: a hint is optional. */
export function fairPriceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...listingKeys.detail(id), 'fair-price'],
    queryFn: ({ signal }) => getFairPrice(id, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useFairPrice(id: string, enabled: boolean) {
  return useQuery({ ...fairPriceQueryOptions(id), enabled });
}
