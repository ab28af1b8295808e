import type { FastifyInstance } from 'fastify';
import { demoCalls } from '@betoch/contracts/routes/demo';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import type { ConsoleSmsSender } from '../auth/sms/console-sms-sender.ts';
import { findListingWithPoster } from '../listings/listing-with-poster.ts';
import { backdateConfirmation } from './freshness.repository.ts';
import type { FreshnessService } from './freshness.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo mode only (never registered otherwise): what a demo needs to show freshness without a phone
 * and without waiting two weeks. The signed-in user's own SMS inbox (as the demo shows sign-in codes
 * on screen), and a poster's own listing made N days unconfirmed, then the freshness job run.
 */
export function freshnessDemoRoutes(app: FastifyInstance, ctx: AppContext, freshness: FreshnessService, inbox: ConsoleSmsSender | null): void {
  if (ctx.env.mode !== 'demo' || !inbox) return;
  const tags = ['demo'];

  route(app, ctx, {
    ...demoCalls.sms,
    summary: "Demo mode: the text messages the server 'sent' to the signed-in user's phone, newest first",
    tags,
    auth: 'user',
    noStore: true,
    handler: async ({ user }) => ({
      ok: true as const,
      messages: inbox.messagesTo(user.phone).map((m) => ({ text: m.text, at: m.at.toISOString() })),
    }),
  });

  route(app, ctx, {
    ...demoCalls.ageListing,
    summary: 'Demo mode: own listing as if last confirmed `days` ago, then the freshness job runs',
    tags,
    auth: 'user',
    errors: [404],
    handler: async ({ user, params, body }) => {
      const found = await findListingWithPoster(ctx.db, params.id.toLowerCase());
      if (!found || found.listing.posterId !== user.id) throw new AppError('not_found', 'Listing not found.');
      const now = ctx.now();
      await backdateConfirmation(ctx.db, found.listing.id, new Date(now.getTime() - body.days * DAY_MS));
      return { ok: true as const, ...(await freshness.sweep(now)) };
    },
  });
}
