import type { FastifyInstance } from 'fastify';
import { fairPriceCalls } from '@betoch/contracts/routes/fair-price';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { FairPriceService } from './fair-price.service.ts';

export function fairPriceRoutes(app: FastifyInstance, ctx: AppContext, fairPrice: FairPriceService): void {
  route(app, ctx, {
    ...fairPriceCalls.getFairPrice,
    summary: "A visible listing's price against the median of 8+ comparable live listings (null when fewer)",
    tags: ['listings'],
    // 'optional' as GET /listings/{id}: the answer is the same for everyone, but a token is checked.
    auth: 'optional',
    errors: [404],
    handler: async ({ params }) => ({ ok: true as const, hint: await fairPrice.hintFor(params.id) }),
  });
}
