import { ZId } from '@betoch/contracts/common';
import type { TFavourite } from '@betoch/contracts/favourites';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { coverTint } from '../listings/card-tint.ts';
import { toListingCard } from '../listings/listing-view.ts';
import { deleteFavourite, favouriteIds, favouriteListings, insertFavourite, isPubliclyVisible } from './favourites.repository.ts';

function notFound(): AppError {
  return new AppError('not_found', 'Listing not found.');
}

function listingIdOrThrow(id: string): string {
  if (!ZId.safeParse(id).success) throw notFound();
  return id.toLowerCase();
}

/**
 * Favourites: every call acts on the signed-in user's own saved listings only (the user
 * comes from the token, never from the request). A listing can be saved while everyone can see it;
 * a saved one that stops being visible stays saved, marked not available, until removed.
 */
export function createFavouritesService(ctx: AppContext) {
  return {
    async ids(user: AuthUser): Promise<string[]> {
      return favouriteIds(ctx.db, user.id);
    },

    async list(user: AuthUser): Promise<TFavourite[]> {
      const rows = await favouriteListings(ctx.db, user.id, ctx.now());
      const tints = await Promise.all(rows.map((r) => coverTint(r.coverPhoto)));
      return rows.map((r, i) => ({ listing: toListingCard(r, tints[i] ?? null), saved_at: r.savedAt.toISOString(), available: r.available }));
    },

    /** PUT: saved afterwards, whether or not it was before. */
    async add(user: AuthUser, rawId: string): Promise<void> {
      const id = listingIdOrThrow(rawId);
      const now = ctx.now();
      if (!(await isPubliclyVisible(ctx.db, id, now))) throw notFound();
      await insertFavourite(ctx.db, user.id, id, now);
    },

    /** DELETE: not saved afterwards, whether or not it was before (also for a listing gone from view). */
    async remove(user: AuthUser, rawId: string): Promise<void> {
      await deleteFavourite(ctx.db, user.id, listingIdOrThrow(rawId));
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
