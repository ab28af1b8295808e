import type { FastifyInstance } from 'fastify';
import { favouritesCalls } from '@betoch/contracts/routes/favourites';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { FavouritesService } from './favourites.service.ts';

export function favouritesRoutes(app: FastifyInstance, ctx: AppContext, favourites: FavouritesService): void {
  const tags = ['favourites'];

  route(app, ctx, {
    ...favouritesCalls.listIds,
    summary: 'Ids of every listing the signed-in user saved (the hearts on cards, one call per session)',
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ ok: true as const, ids: await favourites.ids(user) }),
  });

  route(app, ctx, {
    ...favouritesCalls.listFavourites,
    summary: "The signed-in user's saved listings, newest saved first, each marked available or not",
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ ok: true as const, favourites: await favourites.list(user) }),
  });

  route(app, ctx, {
    ...favouritesCalls.save,
    summary: 'Save a listing everyone can see (idempotent)',
    tags,
    auth: 'user',
    errors: [404],
    handler: async ({ user, params }) => {
      await favourites.add(user, params.id);
      return { ok: true as const, listing_id: params.id.toLowerCase(), saved: true };
    },
  });

  route(app, ctx, {
    ...favouritesCalls.remove,
    summary: 'Remove a saved listing (idempotent)',
    tags,
    auth: 'user',
    errors: [404],
    handler: async ({ user, params }) => {
      await favourites.remove(user, params.id);
      return { ok: true as const, listing_id: params.id.toLowerCase(), saved: false };
    },
  });
}
