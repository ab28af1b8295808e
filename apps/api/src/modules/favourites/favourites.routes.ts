import type { FastifyInstance } from 'fastify';
import { ZIdParams } from '@betoch/contracts/common';
import { ZFavouriteChangeAnswer, ZFavouriteIdsAnswer, ZFavouritesAnswer } from '@betoch/contracts/favourites';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { FavouritesService } from './favourites.service.ts';

export function favouritesRoutes(app: FastifyInstance, ctx: AppContext, favourites: FavouritesService): void {
  const tags = ['favourites'];

  route(app, ctx, {
    method: 'GET',
    url: '/favourites/ids',
    summary: 'Ids of every listing the signed-in user saved (the hearts on cards, one call per session)',
    tags,
    auth: 'user',
    response: ZFavouriteIdsAnswer,
    handler: async ({ user }) => ({ ok: true as const, ids: await favourites.ids(user) }),
  });

  route(app, ctx, {
    method: 'GET',
    url: '/favourites',
    summary: "The signed-in user's saved listings, newest saved first, each marked available or not",
    tags,
    auth: 'user',
    response: ZFavouritesAnswer,
    handler: async ({ user }) => ({ ok: true as const, favourites: await favourites.list(user) }),
  });

  route(app, ctx, {
    method: 'PUT',
    url: '/favourites/{id}',
    summary: 'Save a listing everyone can see (idempotent)',
    tags,
    auth: 'user',
    params: ZIdParams,
    response: ZFavouriteChangeAnswer,
    errors: [404],
    handler: async ({ user, params }) => {
      await favourites.add(user, params.id);
      return { ok: true as const, listing_id: params.id.toLowerCase(), saved: true };
    },
  });

  route(app, ctx, {
    method: 'DELETE',
    url: '/favourites/{id}',
    summary: 'Remove a saved listing (idempotent)',
    tags,
    auth: 'user',
    params: ZIdParams,
    response: ZFavouriteChangeAnswer,
    errors: [404],
    handler: async ({ user, params }) => {
      await favourites.remove(user, params.id);
      return { ok: true as const, listing_id: params.id.toLowerCase(), saved: false };
    },
  });
}
