import type { FastifyInstance } from 'fastify';
import { savedSearchesCalls } from '@betoch/contracts/routes/saved-searches';
import { SAVED_SEARCHES_MAX } from '@betoch/contracts/saved-searches';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { SavedSearchesService } from './saved-searches.service.ts';

export function savedSearchesRoutes(app: FastifyInstance, ctx: AppContext, searches: SavedSearchesService): void {
  route(app, ctx, {
    ...savedSearchesCalls.listSavedSearches,
    summary: "The viewer's saved searches, each with its new matches since the last visit",
    tags: ['saved-searches'],
    auth: 'user',
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, saved_searches: await searches.list(user), max: SAVED_SEARCHES_MAX }),
  });

  route(app, ctx, {
    ...savedSearchesCalls.createSavedSearch,
    summary: `Save the /browse filters under a name (at most ${SAVED_SEARCHES_MAX}; the next is 409 saved_search_limit)`,
    tags: ['saved-searches'],
    auth: 'user',
    errors: [409],
    handler: async ({ user, body }) => ({ ok: true as const, saved_search: await searches.create(user, body) }),
  });

  route(app, ctx, {
    ...savedSearchesCalls.updateSavedSearch,
    summary: 'Rename a saved search, or turn its alerts or SMS digest on or off',
    tags: ['saved-searches'],
    auth: 'user',
    errors: [404],
    handler: async ({ user, params, body }) => ({ ok: true as const, saved_search: await searches.update(user, params.id, body) }),
  });

  route(app, ctx, {
    ...savedSearchesCalls.deleteSavedSearch,
    summary: 'Delete a saved search',
    tags: ['saved-searches'],
    auth: 'user',
    errors: [404],
    handler: async ({ user, params }) => {
      await searches.remove(user, params.id);
      return { ok: true as const };
    },
  });

  route(app, ctx, {
    ...savedSearchesCalls.visitSavedSearch,
    summary: 'Opening a saved search: its new matches are counted from now',
    tags: ['saved-searches'],
    auth: 'user',
    errors: [404],
    handler: async ({ user, params }) => ({ ok: true as const, saved_search: await searches.visit(user, params.id) }),
  });
}
