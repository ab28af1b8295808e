import { queryOptions, useQuery } from '@tanstack/react-query';
import { favouritesCalls } from '@betoch/contracts/routes/favourites';
import { callApi } from '@/lib/api-client';
import { favouriteKeys } from './query-keys';

/** GET /favourites: the saved listings, newest saved first, each marked available or not. */
export function getFavourites(signal?: AbortSignal) {
  return callApi(favouritesCalls.listFavourites, {}, { signal });
}

export function favouritesQueryOptions(user: string) {
  return queryOptions({ queryKey: favouriteKeys.list(user), queryFn: ({ signal }) => getFavourites(signal) });
}

/** Asked again each time /saved opens: a saved home may have left the market since (the bell says so). */
export function useFavourites(user: string) {
  return useQuery({ ...favouritesQueryOptions(user), refetchOnMount: 'always' });
}
