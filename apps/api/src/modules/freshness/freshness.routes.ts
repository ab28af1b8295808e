import type { FastifyInstance } from 'fastify';
import { freshnessCalls } from '@betoch/contracts/routes/freshness';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { FreshnessService } from './freshness.service.ts';

export function freshnessRoutes(app: FastifyInstance, ctx: AppContext, freshness: FreshnessService): void {
  const tags = ['freshness'];

  route(app, ctx, {
    ...freshnessCalls.confirmAvailability,
    summary: "The poster's answer to 'Is it still available?': available (confirmed now) or rented",
    tags,
    auth: 'user',
    errors: [404],
    handler: ({ user, params, body }) => freshness.confirm(user, params.id, body.answer),
  });

  route(app, ctx, {
    ...freshnessCalls.renewListing,
    summary: 'An expired listing live again (brokers: free within 7 days of expiry, then 1 post credit)',
    tags,
    auth: 'user',
    errors: [402, 403, 404, 409],
    handler: ({ user, params }) => freshness.renew(user, params.id),
  });

  route(app, ctx, {
    ...freshnessCalls.askAvailability,
    summary: "A tenant's 'Is it still available?': the poster is asked at once (once per tenant and listing)",
    tags,
    auth: 'user',
    errors: [403, 404],
    handler: ({ user, params }) => freshness.askAvailability(user, params.id),
  });

  route(app, ctx, {
    ...freshnessCalls.getConfirmLink,
    summary: 'The listing an SMS link asks about, while the link is unused and not expired (no sign-in)',
    tags,
    auth: 'none',
    errors: [410],
    noStore: true,
    handler: ({ params }) => freshness.peekLink(params.token),
  });

  route(app, ctx, {
    ...freshnessCalls.answerConfirmLink,
    summary: 'Answer from an SMS link without signing in: available or rented; the link is spent',
    tags,
    auth: 'none',
    errors: [410],
    handler: ({ params, body }) => freshness.answerLink(params.token, body.answer),
  });
}
