import type { FastifyInstance } from 'fastify';
import { authCalls } from '@betoch/contracts/routes/auth';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { AuthService } from './auth.service.ts';
import { coarseDevice } from './coarse-device.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService): void {
  const tags = ['auth'];

  route(app, ctx, {
    ...authCalls.requestOtp,
    summary: `Send a ${OTP_LENGTH}-digit sign-in code (shown in the answer in demo mode only)`,
    tags,
    auth: 'none',
    errors: [400, 429, 503],
    noStore: true,
    handler: ({ body, req }) => auth.requestOtp(body, req.ip),
  });

  route(app, ctx, {
    ...authCalls.verifyOtp,
    summary: 'Sign in with phone and code',
    tags,
    auth: 'none',
    errors: [400, 403, 404],
    noStore: true,
    handler: ({ body, req }) => auth.verifyOtp(body, coarseDevice(req.headers['user-agent'])),
  });

  route(app, ctx, {
    ...authCalls.signup,
    summary: 'Create an account with phone, code and profile',
    tags,
    auth: 'none',
    errors: [400, 403, 409],
    noStore: true,
    handler: ({ body, req }) => auth.signup(body, coarseDevice(req.headers['user-agent'])),
  });

  route(app, ctx, {
    ...authCalls.me,
    summary: 'The signed-in user',
    tags,
    auth: 'user',
    errors: [401],
    handler: async ({ user }) => ({ ok: true as const, ...(await auth.me(user)) }),
  });

  route(app, ctx, {
    ...authCalls.logout,
    summary: 'Revoke the token this call carries',
    tags,
    auth: 'user',
    errors: [401],
    handler: async ({ user }) => {
      await auth.logout(user);
      return { ok: true as const };
    },
  });
}
