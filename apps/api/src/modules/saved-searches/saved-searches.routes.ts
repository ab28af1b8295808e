import type { FastifyInstance } from 'fastify';
import { ZIdParams, ZOkAnswer } from '@betoch/contracts/common';
import {
  SAVED_SEARCHES_MAX,
  ZCreateSavedSearchRequest,
  ZSavedSearchAnswer,
  ZSavedSearchesAnswer,
  ZUpdateSavedSearchRequest,
} from '@betoch/contracts/saved-searches';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { SavedSearchesService } from './saved-searches.service.ts';

export function savedSearchesRoutes(app: FastifyInstance, ctx: AppContext, searches: SavedSearchesService): void {
  route(app, ctx, {
    method: 'GET',
    url: '/saved-searches',
    summary: "The viewer's saved searches, each with its new matches since the last visit",
    tags: ['saved-searches'],
    auth: 'user',
    response: ZSavedSearchesAnswer,
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, saved_searches: await searches.list(user), max: SAVED_SEARCHES_MAX }),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/saved-searches',
    summary: `Save the /browse filters under a name (at most ${SAVED_SEARCHES_MAX}; the next is 409 saved_search_limit)`,
    tags: ['saved-searches'],
    auth: 'user',
    body: ZCreateSavedSearchRequest,
    response: ZSavedSearchAnswer,
    errors: [409],
    successStatus: 201,
    handler: async ({ user, body }) => ({ ok: true as const, saved_search: await searches.create(user, body) }),
  });

  route(app, ctx, {
    method: 'PATCH',
    url: '/saved-searches/{id}',
    summary: 'Rename a saved search, or turn its alerts or SMS digest on or off',
    tags: ['saved-searches'],
    auth: 'user',
    params: ZIdParams,
    body: ZUpdateSavedSearchRequest,
    response: ZSavedSearchAnswer,
    errors: [404],
    handler: async ({ user, params, body }) => ({ ok: true as const, saved_search: await searches.update(user, params.id, body) }),
  });

  route(app, ctx, {
    method: 'DELETE',
    url: '/saved-searches/{id}',
    summary: 'Delete a saved search',
    tags: ['saved-searches'],
    auth: 'user',
    params: ZIdParams,
    response: ZOkAnswer,
    errors: [404],
    handler: async ({ user, params }) => {
      await searches.remove(user, params.id);
      return { ok: true as const };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: '/saved-searches/{id}/visit',
    summary: 'Opening a saved search: its new matches are counted from now',
    tags: ['saved-searches'],
    auth: 'user',
    params: ZIdParams,
    response: ZSavedSearchAnswer,
    errors: [404],
    handler: async ({ user, params }) => ({ ok: true as const, saved_search: await searches.visit(user, params.id) }),
  });
}
