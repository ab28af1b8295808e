import type { FastifyInstance } from 'fastify';
import { unlocksCalls } from '@betoch/contracts/routes/unlocks';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { UnlocksService } from './unlocks.service.ts';

/** Every answer here can carry a paid-for phone: none is ever cached (noStore). */
export function unlocksRoutes(app: FastifyInstance, ctx: AppContext, unlocks: UnlocksService): void {
  const tags = ['unlocks'];

  route(app, ctx, {
    ...unlocksCalls.unlockContact,
    summary: "Unlock the poster's phone: free again after a first unlock or with the tenant plan, else 1 credit",
    tags,
    auth: 'user',
    errors: [401, 402, 403, 404],
    noStore: true,
    handler: ({ user, params }) => unlocks.unlockContact(user, params.id),
  });

  route(app, ctx, {
    ...unlocksCalls.unlockStatus,
    summary: "Whether the caller unlocked this listing's contact (with the phone only then)",
    tags,
    auth: 'optional',
    errors: [401, 404],
    noStore: true,
    handler: async ({ user, params }) => ({ ok: true as const, ...(await unlocks.unlockStatus(user, params.id)) }),
  });

  route(app, ctx, {
    ...unlocksCalls.batchUnlockStatus,
    summary: 'Unlock status of up to 50 listings, by id',
    tags,
    auth: 'optional',
    errors: [400, 401],
    noStore: true,
    handler: async ({ user, body }) => ({ ok: true as const, unlocks: await unlocks.batchUnlockStatus(user, body.listing_ids) }),
  });

  route(app, ctx, {
    ...unlocksCalls.myUnlocks,
    summary: "The caller's unlocked contacts, newest first",
    tags,
    auth: 'user',
    errors: [401],
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, unlocks: await unlocks.myUnlocks(user) }),
  });
}
