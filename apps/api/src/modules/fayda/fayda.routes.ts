import type { FastifyInstance } from 'fastify';
import { faydaCalls } from '@betoch/contracts/routes/fayda';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { FaydaService } from './fayda.service.ts';
import type { FaydaRevocations } from './fayda-revocations.service.ts';

export function faydaRoutes(app: FastifyInstance, ctx: AppContext, fayda: FaydaService, revocations: FaydaRevocations, jwks: object | undefined): void {
  const tags = ['fayda'];

  route(app, ctx, {
    ...faydaCalls.getFayda,
    summary: "Whether Fayda verification is offered, and the caller's own verification",
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
    errors: [401, 403, 404, 429, 503],
    noStore: true,
    handler: async ({ user, body }) => ({ ok: true as const, url: await fayda.start(user, body.lng) }),
  });

  route(app, ctx, {
    ...faydaCalls.finishFayda,
    summary: 'Finish verifying with Fayda: the code and state the provider sent back',
    tags,
    auth: 'user',
    errors: [400, 401, 403, 404, 409, 429, 503],
    noStore: true,
    handler: async ({ user, body }) => ({ ok: true as const, verification: await fayda.finish(user, body) }),
  });

  route(app, ctx, {
    ...faydaCalls.listFaydaRevocations,
    summary: 'Revocations of Fayda verifications: pending (for a second admin) and decided in the last 30 days',
    tags: ['admin'],
    auth: 'admin',
    errors: [401, 403],
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, data: await revocations.list(user) }),
  });

  route(app, ctx, {
    ...faydaCalls.requestFaydaRevocation,
    summary: 'Ask to revoke a Fayda verification, with a reason (a second admin approves it)',
    tags: ['admin'],
    auth: 'admin',
    errors: [400, 401, 403, 404, 409],
    handler: async ({ user, body }) => ({ ok: true as const, data: await revocations.request(user, body) }),
  });

  route(app, ctx, {
    ...faydaCalls.approveFaydaRevocation,
    summary: 'Approve a revocation asked by another admin: the verification is removed',
    tags: ['admin'],
    auth: 'admin',
    errors: [401, 403, 404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: await revocations.approve(user, params.id, body.notes) }),
  });

  route(app, ctx, {
    ...faydaCalls.rejectFaydaRevocation,
    summary: 'Reject a revocation asked by another admin: the verification stays',
    tags: ['admin'],
    auth: 'admin',
    errors: [401, 403, 404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: await revocations.reject(user, params.id, body.notes) }),
  });

  // The business's public key, for the provider (private_key_jwt, and encrypting userinfo to us).
  if (jwks) {
    app.get('/.well-known/jwks.json', async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300').type('application/jwk-set+json');
      return jwks;
    });
  }
}
