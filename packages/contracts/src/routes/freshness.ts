import { defineRoute } from '../route-contract.ts';
import { ZIdParams } from '../common.ts';
import {
  ZAskAvailabilityAnswer,
  ZConfirmAvailabilityRequest,
  ZConfirmLinkAnswer,
  ZConfirmLinkParams,
  ZFreshnessAnswer,
  ZRenewListingAnswer,
} from '../freshness.ts';

/** The freshness calls: method, path, what each takes and answers. */
export const freshnessCalls = {
  confirmAvailability: defineRoute({
    method: 'POST',
    path: '/listings/:id/confirm',
    params: ZIdParams,
    body: ZConfirmAvailabilityRequest,
    response: ZFreshnessAnswer,
  }),
  renewListing: defineRoute({
    method: 'POST',
    path: '/listings/:id/renew',
    params: ZIdParams,
    response: ZRenewListingAnswer,
  }),
  askAvailability: defineRoute({
    method: 'POST',
    path: '/listings/:id/ask-availability',
    params: ZIdParams,
    response: ZAskAvailabilityAnswer,
  }),
  getConfirmLink: defineRoute({
    method: 'GET',
    path: '/confirm-links/:token',
    params: ZConfirmLinkParams,
    response: ZConfirmLinkAnswer,
  }),
  answerConfirmLink: defineRoute({
    method: 'POST',
    path: '/confirm-links/:token',
    params: ZConfirmLinkParams,
    body: ZConfirmAvailabilityRequest,
    response: ZFreshnessAnswer,
  }),
};
