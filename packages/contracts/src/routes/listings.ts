import { defineRoute } from '../route-contract.ts';
import { ZIdParams } from '../common.ts';
import {
  ZBrowseAnswer,
  ZBrowseQuery,
  ZCreateListingAnswer,
  ZCreateListingRequest,
  ZDeleteListingAnswer,
  ZListingAnswer,
  ZMyListingsAnswer,
  ZPublishListingAnswer,
  ZUpdateListingAnswer,
  ZUpdateListingRequest,
} from '../listings.ts';

/** The listings calls: method, path, what each takes and answers. */
export const listingsCalls = {
  createListing: defineRoute({
    method: 'POST',
    path: '/listings',
    body: ZCreateListingRequest,
    response: ZCreateListingAnswer,
    successStatus: 201,
  }),
  myListings: defineRoute({
    method: 'GET',
    path: '/listings/my-listings',
    response: ZMyListingsAnswer,
  }),
  browse: defineRoute({
    method: 'GET',
    path: '/listings',
    query: ZBrowseQuery,
    response: ZBrowseAnswer,
  }),
  getListing: defineRoute({
    method: 'GET',
    path: '/listings/:id',
    params: ZIdParams,
    response: ZListingAnswer,
  }),
  updateListing: defineRoute({
    method: 'PATCH',
    path: '/listings/:id',
    params: ZIdParams,
    body: ZUpdateListingRequest,
    response: ZUpdateListingAnswer,
  }),
  publishListing: defineRoute({
    method: 'POST',
    path: '/listings/:id/publish',
    params: ZIdParams,
    response: ZPublishListingAnswer,
  }),
  deleteListing: defineRoute({
    method: 'DELETE',
    path: '/listings/:id',
    params: ZIdParams,
    response: ZDeleteListingAnswer,
  }),
};
