import type { FastifyInstance } from 'fastify';
import { ZIdParams } from '@betoch/contracts/common';
import {
  ZAskAvailabilityAnswer,
  ZConfirmAvailabilityRequest,
  ZConfirmLinkAnswer,
  ZConfirmLinkParams,
  ZFreshnessAnswer,
  ZRenewListingAnswer,
} from '@betoch/contracts/freshness';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { FreshnessService } from './freshness.service.ts';

export function freshnessRoutes(app: FastifyInstance, ctx: AppContext, freshness: FreshnessService): void {
  const tags = ['freshness'];

  route(app, ctx, {
    method: 'POST',
    url: '/listings/{id}/confirm',
    summary: "The poster's answer to 'Is it still available?': available (confirmed now) or rented",
    tags,
    auth: 'user',
    params: ZIdParams,
    body: ZConfirmAvailabilityRequest,
    response: ZFreshnessAnswer,
    errors: [404],
    handler: ({ user, params, body }) => freshness.confirm(user, params.id, body.answer),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/listings/{id}/renew',
    summary: 'An expired listing live again (brokers: free within 7 days of expiry, then 1 post credit)',
    tags,
    auth: 'user',
    params: ZIdParams,
    response: ZRenewListingAnswer,
    errors: [402, 403, 404, 409],
    handler: ({ user, params }) => freshness.renew(user, params.id),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/listings/{id}/ask-availability',
    summary: "A tenant's 'Is it still available?': the poster is asked at once (once per tenant and listing)",
    tags,
    auth: 'user',
    params: ZIdParams,
    response: ZAskAvailabilityAnswer,
    errors: [403, 404],
    handler: ({ user, params }) => freshness.askAvailability(user, params.id),
  });

  route(app, ctx, {
    method: 'GET',
    url: '/confirm-links/{token}',
    summary: 'The listing an SMS link asks about, while the link is unused and not expired (no sign-in)',
    tags,
    auth: 'none',
    params: ZConfirmLinkParams,
    response: ZConfirmLinkAnswer,
    errors: [410],
    noStore: true,
    handler: ({ params }) => freshness.peekLink(params.token),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/confirm-links/{token}',
    summary: "Answer from an SMS link without signing in: available or rented; the link is spent",
    tags,
    auth: 'none',
    params: ZConfirmLinkParams,
    body: ZConfirmAvailabilityRequest,
    response: ZFreshnessAnswer,
    errors: [410],
    handler: ({ params, body }) => freshness.answerLink(params.token, body.answer),
  });
}
