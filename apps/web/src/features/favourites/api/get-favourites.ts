import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFavouritesAnswer } from '@betoch/contracts/favourites';
import { apiRequest } from '@/lib/api-client';
import { favouriteKeys } from './query-keys';

/** GET /favourites: the saved listings, newest saved first, each marked available or not. */
export function getFavourites(signal?: AbortSignal): Promise<TFavouritesAnswer> {
  return apiRequest<TFavouritesAnswer>('/favourites', { signal });
}

export function favouritesQueryOptions(user: string) {
  return queryOptions({ queryKey: favouriteKeys.list(user), queryFn: ({ signal }) => getFavourites(signal) });
}

export function useFavourites(user: string) {
  return useQuery(favouritesQueryOptions(user));
}
