import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favouritesCalls } from '@betoch/contracts/routes/favourites';
import { callApi } from '@/lib/api-client';
import { favouriteKeys } from './query-keys';

export interface FavouriteChange {
  listingId: string;
  /** true: PUT (save); false: DELETE (remove). Both are idempotent on the server. */
  saved: boolean;
}

/** PUT or DELETE /favourites/{id}. */
export function setFavourite({ listingId, saved }: FavouriteChange) {
  return callApi(saved ? favouritesCalls.save : favouritesCalls.remove, { params: { id: listingId } });
}

/**
 * Saves or removes at once on screen (the cached ids change before the answer) and puts the heart
 * back if the call fails; the saved list is asked for again afterwards.
 */
export function useSetFavourite(user: string | null) {
  const client = useQueryClient();
  const key = favouriteKeys.ids(user ?? '');
  return useMutation({
    mutationFn: setFavourite,
    onMutate: async (change: FavouriteChange) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Set<string>>(key);
      const next = new Set(before ?? []);
      if (change.saved) next.add(change.listingId);
      else next.delete(change.listingId);
      client.setQueryData(key, next);
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      else void client.invalidateQueries({ queryKey: key });
    },
    onSettled: (_answer, _error, _change, context) => {
      // Saved before the ids had come: the whole set is asked for again.
      if (!context?.before) void client.invalidateQueries({ queryKey: key });
      return client.invalidateQueries({ queryKey: favouriteKeys.list(user ?? '') });
    },
  });
}
