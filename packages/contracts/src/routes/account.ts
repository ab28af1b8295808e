import { defineRoute } from '../route-contract.ts';
import {
  ZAccountAnswer,
  ZAccountCodeAnswer,
  ZAccountExportFile,
  ZAccountRequestsAnswer,
  ZAccountUserAnswer,
  ZAdminDeletionAnswer,
  ZAdminDeletionRequest,
  ZChangePhoneAnswer,
  ZChangePhoneRequest,
  ZDeleteAccountRequest,
  ZExportAnswer,
  ZExportLinkAnswer,
  ZExportStateAnswer,
  ZPhoneCodeRequest,
  ZTokenParams,
  ZUpdateAccountRequest,
} from '../account.ts';
import { ZOkAnswer } from '../common.ts';

/** The account calls: method, path, what each takes and answers. */
export const accountCalls = {
  getAccount: defineRoute({
    method: 'GET',
    path: '/account',
    response: ZAccountAnswer,
  }),
  updateAccount: defineRoute({
    method: 'PATCH',
    path: '/account',
    body: ZUpdateAccountRequest,
    response: ZAccountUserAnswer,
  }),
  signOutEverywhere: defineRoute({
    method: 'POST',
    path: '/account/sign-out-everywhere',
    response: ZOkAnswer,
  }),
  requestPhoneCode: defineRoute({
    method: 'POST',
    path: '/account/phone/request-code',
    body: ZPhoneCodeRequest,
    response: ZAccountCodeAnswer,
  }),
  changePhone: defineRoute({
    method: 'POST',
    path: '/account/phone',
    body: ZChangePhoneRequest,
    response: ZChangePhoneAnswer,
  }),
  requestExport: defineRoute({
    method: 'POST',
    path: '/account/export',
    response: ZExportAnswer,
    successStatus: 202,
  }),
  getExport: defineRoute({
    method: 'GET',
    path: '/account/export',
    response: ZExportStateAnswer,
  }),
  createExportLink: defineRoute({
    method: 'POST',
    path: '/account/export/link',
    response: ZExportLinkAnswer,
  }),
  downloadExport: defineRoute({
    method: 'GET',
    path: '/account/export/download/:token',
    params: ZTokenParams,
    response: ZAccountExportFile,
  }),
  requestDeleteCode: defineRoute({
    method: 'POST',
    path: '/account/delete/request-code',
    response: ZAccountCodeAnswer,
  }),
  deleteAccount: defineRoute({
    method: 'POST',
    path: '/account/delete',
    body: ZDeleteAccountRequest,
    response: ZOkAnswer,
  }),
  listAccountRequests: defineRoute({
    method: 'GET',
    path: '/admin/account-requests',
    response: ZAccountRequestsAnswer,
  }),
  deleteAccountAsAdmin: defineRoute({
    method: 'POST',
    path: '/admin/account-requests/deletions',
    body: ZAdminDeletionRequest,
    response: ZAdminDeletionAnswer,
  }),
};
