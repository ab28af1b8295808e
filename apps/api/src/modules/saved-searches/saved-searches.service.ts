import { ZId } from '@betoch/contracts/common';
import {
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NEW_MATCHES_CAP,
  SAVED_SEARCHES_MAX,
  type TCreateSavedSearchInput,
  type TSavedSearch,
  type TSavedSearchFilters,
  type TUpdateSavedSearchRequest,
} from '@betoch/contracts/saved-searches';
import type { TBrowseFilters } from '@betoch/contracts/listings';
import { typeGroupOf } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import type { NewSavedSearchRow, SavedSearchRow } from '../../db/schema/alerts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { expandPlaceQuery } from '../listings/place-search.ts';
import {
  countNewMatches,
  countSavedSearches,
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  lockUser,
  updateSavedSearch,
} from './saved-searches.repository.ts';

function notFound(): AppError {
  return new AppError('not_found', 'Saved search not found.');
}

function idOrThrow(raw: string): string {
  if (!ZId.safeParse(raw).success) throw notFound();
  return raw.toLowerCase();
}

/** The filter columns of a saved search; the place expanded as the browse place search expands it. */
export function filterColumns(filters: Pick<TBrowseFilters, 'type' | 'subcity' | 'price_min' | 'price_max' | 'source' | 'q'>) {
  const place = filters.q ? expandPlaceQuery(filters.q) : null;
  return {
    type: filters.type ?? null,
    typeGroup: filters.type ? typeGroupOf(filters.type) : null,
    subcity: filters.subcity ?? null,
    source: filters.source ?? null,
    priceMin: filters.price_min ?? null,
    priceMax: filters.price_max ?? null,
    // A place with nothing searchable in it is no filter, as on /browse.
    q: place ? filters.q! : null,
    placeTerms: place ? place.terms : null,
    placeSubcities: place ? place.subcities : null,
  } satisfies Partial<NewSavedSearchRow>;
}

export function filtersOf(row: SavedSearchRow): TSavedSearchFilters {
  const filters: TSavedSearchFilters = {};
  if (row.type) filters.type = row.type;
  if (row.subcity) filters.subcity = row.subcity as TSavedSearchFilters['subcity'];
  if (row.priceMin !== null) filters.price_min = row.priceMin;
  if (row.priceMax !== null) filters.price_max = row.priceMax;
  if (row.source) filters.source = row.source;
  if (row.q) filters.q = row.q;
  return filters;
}

function toAnswer(row: SavedSearchRow, newMatches: number): TSavedSearch {
  return {
    _id: row.id,
    name: row.name,
    filters: filtersOf(row),
    alerts: row.alerts,
    sms: row.sms,
    telegram: row.telegram,
    new_matches: Math.min(newMatches, SAVED_SEARCH_NEW_MATCHES_CAP + 1),
    last_visited_at: row.lastVisitedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

export function createSavedSearchesService(ctx: AppContext) {
  async function withCount(user: AuthUser, row: SavedSearchRow): Promise<TSavedSearch> {
    const counts = await countNewMatches(ctx.db, user.id, ctx.now(), SAVED_SEARCH_NEW_MATCHES_CAP);
    return toAnswer(row, counts.get(row.id) ?? 0);
  }

  return {
    /** GET /saved-searches: oldest first, each with its new matches since the last visit. */
    async list(user: AuthUser): Promise<TSavedSearch[]> {
      const [rows, counts] = await Promise.all([listSavedSearches(ctx.db, user.id), countNewMatches(ctx.db, user.id, ctx.now(), SAVED_SEARCH_NEW_MATCHES_CAP)]);
      return rows.map((row) => toAnswer(row, counts.get(row.id) ?? 0));
    },

    /**
     * POST /saved-searches. At most SAVED_SEARCHES_MAX per person, counted under a lock of the
     * user row so two saves at once cannot both be the tenth. The visit starts now.
     */
    async create(user: AuthUser, input: TCreateSavedSearchInput): Promise<TSavedSearch> {
      const row = await ctx.db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        if ((await countSavedSearches(tx, user.id)) >= SAVED_SEARCHES_MAX) {
          throw new AppError('saved_search_limit', SAVED_SEARCH_MESSAGES.limit);
        }
        const now = ctx.now();
        return insertSavedSearch(tx, {
          userId: user.id,
          name: input.name,
          ...filterColumns(input.filters),
          sms: input.sms,
          telegram: input.telegram && !input.sms,
          alerts: true,
          lastVisitedAt: now,
          createdAt: now,
        });
      });
      return toAnswer(row, 0);
    },

    /** PATCH /saved-searches/{id}: name, alerts, SMS. Turning SMS on turns alerts on too; alerts off turns SMS off. */
    async update(user: AuthUser, rawId: string, input: TUpdateSavedSearchRequest): Promise<TSavedSearch> {
      const id = idOrThrow(rawId);
      const patch: Partial<NewSavedSearchRow> = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.alerts !== undefined) patch.alerts = input.alerts;
      if (input.sms !== undefined) patch.sms = input.sms;
      if (input.sms === true) patch.alerts = true;
      if (input.telegram !== undefined) patch.telegram = input.telegram;
      // One channel per search: Telegram, SMS, or only the app.
      if (input.telegram === true) Object.assign(patch, { alerts: true, sms: false });
      if (input.sms === true) patch.telegram = false;
      if (input.alerts === false) Object.assign(patch, { sms: false, telegram: false });
      const row = Object.keys(patch).length ? await updateSavedSearch(ctx.db, user.id, id, patch) : await findSavedSearch(ctx.db, user.id, id);
      if (!row) throw notFound();
      return withCount(user, row);
    },

    /** DELETE /saved-searches/{id}. Its notifications stay, without the search's name. */
    async remove(user: AuthUser, rawId: string): Promise<void> {
      if (!(await deleteSavedSearch(ctx.db, user.id, idOrThrow(rawId)))) throw notFound();
    },

    /** POST /saved-searches/{id}/visit: opening the search; its new matches count from now. */
    async visit(user: AuthUser, rawId: string): Promise<TSavedSearch> {
      const row = await updateSavedSearch(ctx.db, user.id, idOrThrow(rawId), { lastVisitedAt: ctx.now() });
      if (!row) throw notFound();
      return toAnswer(row, 0);
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
