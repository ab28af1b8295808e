import type { FastifyInstance } from 'fastify';
import { demoCalls } from '@betoch/contracts/routes/demo';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { AuthService } from './auth.service.ts';

/**
 * Demo mode only (never registered otherwise, where codes go by SMS and are never shown): ending a
 * phone's one-minute wait before its next sign-in code, so a demo that signs up and at once signs in
 * again, and the browser journeys that do, need not sit out the minute. The wait itself is shown by
 * the journey that watches the resend countdown.
 */
export function authDemoRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService): void {
  if (ctx.env.mode !== 'demo') return;
  route(app, ctx, {
    ...demoCalls.endCodeCooldown,
    summary: "Demo mode: the phone's next sign-in code may be asked for at once",
    tags: ['demo'],
    auth: 'none',
    errors: [400],
    noStore: true,
    handler: ({ body }) => auth.endCodeCooldown(body),
  });
}
