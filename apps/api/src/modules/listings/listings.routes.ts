import type { FastifyInstance } from 'fastify';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { ListingsService } from './listings.service.ts';
import type { ListingsReadService } from './listings-read.service.ts';
import { sendPrepared } from './prepared-answer.ts';

export function listingsRoutes(app: FastifyInstance, ctx: AppContext, listings: ListingsService, reads: ListingsReadService): void {
  const tags = ['listings'];
  app.addHook('onClose', () => reads.close());

  route(app, ctx, {
    ...listingsCalls.createListing,
    summary: "Create a draft listing (source comes from the poster's account type)",
    tags,
    auth: 'user',
    errors: [403],
    handler: async ({ user, body }) => {
      const listing = await listings.create(user, body);
      return { ok: true as const, _id: listing._id, listing };
    },
  });

  route(app, ctx, {
    ...listingsCalls.myListings,
    summary: 'Own listings (drafts too) with counts for the stat cards',
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ ok: true as const, ...(await listings.mine(user)) }),
  });

  route(app, ctx, {
    ...listingsCalls.browse,
    summary: 'Browse live listings, newest first (limit 20 by default, at most 50)',
    tags,
    auth: 'none',
    // Public and the same for everyone: an ETag, and 304 when the phone holds the page already.
    handler: async ({ query, req, reply }) => sendPrepared(req, reply, await reads.browse(query), { revalidate: true }),
  });

  route(app, ctx, {
    ...listingsCalls.getListing,
    summary: 'One listing: the poster and admins see every field; others only live listings, without the phone',
    tags,
    auth: 'optional',
    errors: [404],
    // no-store, as route() sets for every call that reads the caller: the owner's view has the phone.
    handler: async ({ user, params, req, reply }) => sendPrepared(req, reply, await reads.detailAnswer(user, params.id), { revalidate: false }),
  });

  route(app, ctx, {
    ...listingsCalls.updateListing,
    summary: "Edit a listing: fields, the ordered photo keys, or visibility 'draft' (mark as rented)",
    tags,
    auth: 'user',
    errors: [403, 404],
    handler: async ({ user, params, body }) => ({ ok: true as const, listing: await listings.update(user, params.id, body) }),
  });

  route(app, ctx, {
    ...listingsCalls.publishListing,
    summary: 'Make a draft live (landlords: at most 3 live; brokers: 1 post credit or the unlimited plan)',
    tags,
    auth: 'user',
    errors: [402, 403, 404, 409],
    handler: ({ user, params }) => listings.publish(user, params.id),
  });

  route(app, ctx, {
    ...listingsCalls.deleteListing,
    summary: 'Delete a listing',
    tags,
    auth: 'user',
    errors: [404],
    handler: async ({ user, params }) => ({ ok: true as const, _id: await listings.remove(user, params.id) }),
  });
}
