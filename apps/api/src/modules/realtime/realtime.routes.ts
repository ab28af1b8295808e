import type { FastifyInstance } from 'fastify';
import { realtimeCalls } from '@betoch/contracts/routes/realtime';
import { z } from 'zod';
import { STREAM_TICKET_TTL_SECONDS } from '@betoch/contracts/conversations';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { liveTokenUser } from '../auth/authenticate.ts';
import { effectiveStatus } from '../users/user-view.ts';
import type { RealtimeEvent } from './event-bus.ts';
import type { SseHub } from './sse-hub.ts';
import { issueStreamTicket, redeemStreamTicket, type StreamToken } from './stream-tickets.ts';

export const STREAM_PATH = '/api/realtime/stream';

const ZStreamQuery = z.object({ ticket: z.string().max(200).optional() });

/** Events a new stream starts with (the unread count), so a reconnect never shows a stale badge. */
export type FirstEvents = (userId: string) => Promise<RealtimeEvent[]>;

export function realtimeRoutes(app: FastifyInstance, ctx: AppContext, hub: SseHub, firstEvents: FirstEvents): void {
  route(app, ctx, {
    ...realtimeCalls.streamTicket,
    summary: `A one-time ticket (valid ${STREAM_TICKET_TTL_SECONDS} s) to open the event stream ${STREAM_PATH}?ticket=...`,
    tags: ['realtime'],
    auth: 'user',
    errors: [401],
    handler: async ({ user }) => {
      const ticket = await issueStreamTicket(ctx.kv, { userId: user.id, tokenVersion: user.tokenVersion, jti: user.jti });
      return {
        ok: true as const,
        ticket,
        expires_in: STREAM_TICKET_TTL_SECONDS,
        stream_url: `${STREAM_PATH}?ticket=${encodeURIComponent(ticket)}`,
      };
    },
  });

  // Server-sent events: not a JSON call, so it is registered directly. Compression is off for it
  // (a compressor would hold events back until its buffer fills).
  app.get(STREAM_PATH, { compress: false }, async (req, reply) => {
    const query = ZStreamQuery.safeParse(req.query ?? {});
    const ticket = query.success ? (query.data.ticket ?? '') : '';
    const token = await redeemStreamTicket(ctx.kv, ticket);
    if (!token) throw new AppError('invalid_token', 'This stream ticket is not valid. Ask for a new one.');
    if (!(await streamTokenHolds(ctx, token))) throw new AppError('invalid_token');
    const { userId } = token;
    if (!hub.hasRoomFor(userId)) throw new AppError('rate_limited', 'Too many open streams.', { retry_after: 30 });
    reply.hijack();
    await hub.open(
      userId,
      reply.raw,
      () => firstEvents(userId),
      req.id,
      () => streamTokenHolds(ctx, token),
    );
  });
}

/**
 * A stream lives while the token its ticket was taken with holds (see liveTokenUser) and the user
 * is not suspended: a suspended user reads by polling, so a suspension ends their streams too.
 */
async function streamTokenHolds(ctx: AppContext, token: StreamToken): Promise<boolean> {
  const user = await liveTokenUser(ctx, token);
  return user !== undefined && effectiveStatus(user, ctx.now()) === 'active';
}
