import type { FastifyInstance } from 'fastify';
import { accountCalls } from '@betoch/contracts/routes/account';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(app: FastifyInstance, ctx: AppContext, account: AccountService): void {
  const tags = ['account'];

  route(app, ctx, {
    ...accountCalls.getAccount,
    summary: 'Sign-in history and the latest export of the signed-in user (the profile is GET /auth/me)',
    tags,
    auth: 'user',
    errors: [401],
    handler: async ({ user }) => ({ ok: true as const, ...(await account.overview(user)) }),
  });

  route(app, ctx, {
    ...accountCalls.updateAccount,
    summary: 'Change name, e-mail and (brokers) agency name',
    tags,
    auth: 'user',
    errors: [400, 401],
    handler: async ({ user, body }) => ({ ok: true as const, user: await account.updateProfile(user, body) }),
  });

  route(app, ctx, {
    ...accountCalls.signOutEverywhere,
    summary: 'Revoke every token of the account, on every device',
    tags,
    auth: 'user',
    errors: [401],
    handler: async ({ user }) => {
      await account.signOutEverywhere(user);
      return { ok: true as const };
    },
  });

  route(app, ctx, {
    ...accountCalls.requestPhoneCode,
    summary: 'Send a code to the new phone number (it must not belong to another account)',
    tags,
    auth: 'user',
    errors: [400, 401, 403, 409, 429, 503],
    noStore: true,
    handler: ({ user, body, req }) => account.requestPhoneCode(user, body.phone, req.ip),
  });

  route(app, ctx, {
    ...accountCalls.changePhone,
    summary: "Move the account to the new phone with its code; answers this device's new token",
    tags,
    auth: 'user',
    errors: [400, 401, 403, 409],
    noStore: true,
    handler: ({ user, body }) => account.changePhone(user, body.phone, body.code),
  });

  route(app, ctx, {
    ...accountCalls.requestExport,
    summary: 'Ask for a copy of all your data (one every 24 hours; prepared in the background)',
    tags,
    auth: 'user',
    errors: [401, 429],
    handler: async ({ user }) => ({ ok: true as const, export: await account.requestExport(user) }),
  });

  route(app, ctx, {
    ...accountCalls.getExport,
    summary: 'The state of your latest export',
    tags,
    auth: 'user',
    errors: [401],
    handler: async ({ user }) => ({ ok: true as const, export: await account.exportStatus(user) }),
  });

  route(app, ctx, {
    ...accountCalls.createExportLink,
    summary: 'A single-use download link to the ready export',
    tags,
    auth: 'user',
    errors: [401, 409],
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, ...(await account.exportLink(user)) }),
  });

  route(app, ctx, {
    ...accountCalls.downloadExport,
    summary: 'The export file (JSON), once; the link expires after 24 hours',
    tags,
    auth: 'none',
    errors: [410],
    noStore: true,
    handler: async ({ params, reply }) => {
      const content = await account.download(params.token);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="betoch-my-data.json"')
        .header('x-robots-tag', 'noindex')
        .send(content);
    },
  });

  route(app, ctx, {
    ...accountCalls.requestDeleteCode,
    summary: "Send a sign-in code to the account's phone to confirm its deletion",
    tags,
    auth: 'user',
    errors: [401, 429, 503],
    noStore: true,
    handler: ({ user, req }) => account.requestDeletionCode(user, req.ip),
  });

  route(app, ctx, {
    ...accountCalls.deleteAccount,
    summary: 'Delete the account for good, with the code just sent',
    tags,
    auth: 'user',
    errors: [400, 401],
    handler: async ({ user, body }) => {
      await account.deleteOwn(user, body.code);
      return { ok: true as const };
    },
  });

  route(app, ctx, {
    ...accountCalls.listAccountRequests,
    summary: 'Export and deletion requests with their dates (no content)',
    tags: ['admin'],
    auth: 'admin',
    errors: [401, 403],
    handler: async () => ({ ok: true as const, data: { items: await account.adminLog() } }),
  });

  route(app, ctx, {
    ...accountCalls.deleteAccountAsAdmin,
    summary: 'Delete an account on a verified request made outside the app (audited, with the reason)',
    tags: ['admin'],
    auth: 'admin',
    errors: [400, 401, 403, 404],
    handler: async ({ user, body }) => ({ ok: true as const, data: { request: await account.adminDelete(user, body.phone, body.reason) } }),
  });
}
