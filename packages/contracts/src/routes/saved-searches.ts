import { defineRoute } from '../route-contract.ts';
import { ZIdParams, ZOkAnswer } from '../common.ts';
import { ZCreateSavedSearchRequest, ZSavedSearchAnswer, ZSavedSearchesAnswer, ZUpdateSavedSearchRequest } from '../saved-searches.ts';

/** The saved-searches calls: method, path, what each takes and answers. */
export const savedSearchesCalls = {
  listSavedSearches: defineRoute({
    method: 'GET',
    path: '/saved-searches',
    response: ZSavedSearchesAnswer,
  }),
  createSavedSearch: defineRoute({
    method: 'POST',
    path: '/saved-searches',
    body: ZCreateSavedSearchRequest,
    response: ZSavedSearchAnswer,
    successStatus: 201,
  }),
  updateSavedSearch: defineRoute({
    method: 'PATCH',
    path: '/saved-searches/:id',
    params: ZIdParams,
    body: ZUpdateSavedSearchRequest,
    response: ZSavedSearchAnswer,
  }),
  deleteSavedSearch: defineRoute({
    method: 'DELETE',
    path: '/saved-searches/:id',
    params: ZIdParams,
    response: ZOkAnswer,
  }),
  visitSavedSearch: defineRoute({
    method: 'POST',
    path: '/saved-searches/:id/visit',
    params: ZIdParams,
    response: ZSavedSearchAnswer,
  }),
};
