import type { FastifyInstance, FastifyRequest } from 'fastify';
import { walletCalls } from '@betoch/contracts/routes/wallet';
import { ZIdempotencyKey } from '@betoch/contracts/wallet';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import type { WalletService } from './wallet.service.ts';

/** The optional Idempotency-Key header; a malformed or repeated header is 400. */
function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const parsed = ZIdempotencyKey.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('validation_error', undefined, { fields: { 'Idempotency-Key': 'idempotency_key_invalid' } });
  }
  return parsed.data;
}

export function walletRoutes(app: FastifyInstance, ctx: AppContext, wallet: WalletService): void {
  const tags = ['wallet'];

  route(app, ctx, {
    ...walletCalls.balance,
    summary: 'Credits, post credits and plan end dates of the signed-in user',
    tags,
    auth: 'user',
    errors: [401],
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, ...(await wallet.balance(user)) }),
  });

  route(app, ctx, {
    ...walletCalls.history,
    summary: 'The last 50 credit and post-credit changes of the signed-in user (refunds included), newest first',
    tags,
    auth: 'user',
    errors: [401],
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, entries: await wallet.history(user) }),
  });

  route(app, ctx, {
    ...walletCalls.purchase,
    summary: 'Buy a sku: granted at once, or pending with a checkout_url (optional Idempotency-Key header: a retry answers the first answer)',
    tags,
    auth: 'user',
    errors: [400, 401, 403, 409, 502, 503],
    noStore: true,
    handler: ({ user, body, req }) => wallet.purchase(user, body.sku, idempotencyKeyOf(req), body.return_path),
  });
}
