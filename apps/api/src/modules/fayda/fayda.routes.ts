import type { FastifyInstance } from 'fastify';
import { faydaCalls } from '@betoch/contracts/routes/fayda';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { FaydaService } from './fayda.service.ts';

export function faydaRoutes(app: FastifyInstance, ctx: AppContext, fayda: FaydaService, jwks: object | undefined): void {
  const tags = ['fayda'];

  route(app, ctx, {
    ...faydaCalls.getFayda,
    summary: 'Whether Fayda verification is offered, and the caller\'s own verification',
    tags,
    auth: 'user',
    errors: [401],
    handler: async ({ user }) => ({ ok: true as const, ...(await fayda.status(user)) }),
  });

  route(app, ctx, {
    ...faydaCalls.startFayda,
    summary: 'Start verifying with Fayda: the provider page to send the browser to (landlords and brokers)',
    tags,
    auth: 'user',
    errors: [401, 403, 404, 503],
    noStore: true,
    handler: async ({ user, body }) => ({ ok: true as const, url: await fayda.start(user, body.lng) }),
  });

  route(app, ctx, {
    ...faydaCalls.finishFayda,
    summary: 'Finish verifying with Fayda: the code and state the provider sent back',
    tags,
    auth: 'user',
    errors: [400, 401, 403, 404, 409, 503],
    noStore: true,
    handler: async ({ user, body }) => ({ ok: true as const, verification: await fayda.finish(user, body) }),
  });

  // The business's public key, for the provider (private_key_jwt, and encrypting userinfo to us).
  if (jwks) {
    app.get('/.well-known/jwks.json', async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300').type('application/jwk-set+json');
      return jwks;
    });
  }
}
