import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { deriveKey } from '../../lib/secrets.ts';
import { loadFaydaKeys } from './fayda-keys.ts';
import { createFaydaProvider } from './fayda-provider.ts';
import { faydaRoutes } from './fayda.routes.ts';
import { createFaydaService } from './fayda.service.ts';
import { createFaydaRevocations } from './fayda-revocations.service.ts';

/** 'Verify with Fayda' (docs/fayda.md): configured only with FAYDA_ISSUER and its companions. */
export async function setUpFayda(app: FastifyInstance, ctx: AppContext, secret: string) {
  const env = ctx.env.fayda;
  const keys = env ? await loadFaydaKeys(env.privateJwk, env.clientId) : undefined;
  const fayda = env && keys ? { env, provider: createFaydaProvider(env, keys, ctx.now) } : undefined;
  const service = createFaydaService(ctx, fayda, {
    flowKey: deriveKey(secret, 'fayda-flow'),
    subjectKey: deriveKey(secret, 'fayda-subject'),
  });
  faydaRoutes(app, ctx, service, createFaydaRevocations(ctx), keys?.jwks);
  return service;
}
