import { defineRoute } from '../route-contract.ts';
import { ZIdParams } from '../common.ts';
import { ZFavouriteChangeAnswer, ZFavouriteIdsAnswer, ZFavouritesAnswer } from '../favourites.ts';

/** The favourites calls: method, path, what each takes and answers. */
export const favouritesCalls = {
  listIds: defineRoute({
    method: 'GET',
    path: '/favourites/ids',
    response: ZFavouriteIdsAnswer,
  }),
  listFavourites: defineRoute({
    method: 'GET',
    path: '/favourites',
    response: ZFavouritesAnswer,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/favourites/:id',
    params: ZIdParams,
    response: ZFavouriteChangeAnswer,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/favourites/:id',
    params: ZIdParams,
    response: ZFavouriteChangeAnswer,
  }),
};
