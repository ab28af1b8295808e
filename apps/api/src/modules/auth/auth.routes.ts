import type { FastifyInstance } from 'fastify';
import {
  ZMeAnswer,
  ZRequestOtpAnswer,
  ZRequestOtpRequest,
  ZSessionAnswer,
  ZSignupFields,
  ZVerifyOtpRequest,
} from '@betoch/contracts/auth';
import { ZOkAnswer } from '@betoch/contracts/common';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { AuthService } from './auth.service.ts';
import { coarseDevice } from '../account/coarse-device.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService): void {
  const tags = ['auth'];

  route(app, ctx, {
    method: 'POST',
    url: '/auth/request-otp',
    summary: `Send a ${OTP_LENGTH}-digit sign-in code (shown in the answer in demo mode only)`,
    tags,
    auth: 'none',
    body: ZRequestOtpRequest,
    response: ZRequestOtpAnswer,
    errors: [400, 429, 503],
    noStore: true,
    handler: ({ body, req }) => auth.requestOtp(body, req.ip),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/auth/verify-otp',
    summary: 'Sign in with phone and code',
    tags,
    auth: 'none',
    body: ZVerifyOtpRequest,
    response: ZSessionAnswer,
    errors: [400, 403, 404],
    noStore: true,
    handler: ({ body, req }) => auth.verifyOtp(body, coarseDevice(req.headers['user-agent'])),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/auth/signup',
    summary: 'Create an account with phone, code and profile',
    tags,
    auth: 'none',
    // The plain fields: the service answers a broker without agency with agency_name_required.
    body: ZSignupFields,
    response: ZSessionAnswer,
    errors: [400, 403, 409],
    noStore: true,
    successStatus: 201,
    handler: ({ body, req }) => auth.signup(body, coarseDevice(req.headers['user-agent'])),
  });

  route(app, ctx, {
    method: 'GET',
    url: '/auth/me',
    summary: 'The signed-in user',
    tags,
    auth: 'user',
    response: ZMeAnswer,
    errors: [401],
    handler: async ({ user }) => ({ ok: true as const, ...(await auth.me(user)) }),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/auth/logout',
    summary: 'Revoke the token this call carries',
    tags,
    auth: 'user',
    response: ZOkAnswer,
    errors: [401],
    handler: async ({ user }) => {
      await auth.logout(user);
      return { ok: true as const };
    },
  });
}
