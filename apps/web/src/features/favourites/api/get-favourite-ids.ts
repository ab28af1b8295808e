import { queryOptions, useQuery } from '@tanstack/react-query';
import { favouritesCalls } from '@betoch/contracts/routes/favourites';
import { callApi } from '@/lib/api-client';
import { favouriteKeys } from './query-keys';

/** GET /favourites/ids: every saved listing's id, as a set for the hearts. */
export async function getFavouriteIds(signal?: AbortSignal): Promise<Set<string>> {
  const answer = await callApi(favouritesCalls.listIds, {}, { signal });
  return new Set(answer.ids);
}

/**
 * One call for every heart on the screen (and the next screens): cached per user for five minutes;
 * a save or removal changes the cached set at once.
 */
export function favouriteIdsQueryOptions(user: string) {
  return queryOptions({
    queryKey: favouriteKeys.ids(user),
    queryFn: ({ signal }) => getFavouriteIds(signal),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's saved ids; nothing is asked for without a user. */
export function useFavouriteIds(user: string | null) {
  return useQuery({ ...favouriteIdsQueryOptions(user ?? ''), enabled: user !== null });
}
