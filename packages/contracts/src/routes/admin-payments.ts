import { defineRoute } from '../route-contract.ts';
import { ZDelalaAccountsAnswer, ZDelalaAccountsQuery, ZPhoneParams, ZUnblockPostingAnswer, ZUnblockPostingRequest } from '../admin.ts';
import { ZIdParams } from '../common.ts';
import { ZAdminPurchasesAnswer, ZAdminPurchasesQuery, ZAdminReverifyAnswer } from '../payments.ts';

/** The admin-payments calls: method, path, what each takes and answers. */
export const adminPaymentsCalls = {
  listDelalaAccounts: defineRoute({
    method: 'GET',
    path: '/admin/payments/delala',
    query: ZDelalaAccountsQuery,
    response: ZDelalaAccountsAnswer,
  }),
  unblockPosting: defineRoute({
    method: 'POST',
    path: '/admin/payments/delala/:phone/unblock',
    params: ZPhoneParams,
    body: ZUnblockPostingRequest,
    response: ZUnblockPostingAnswer,
  }),
  listPurchases: defineRoute({
    method: 'GET',
    path: '/admin/payments/purchases',
    query: ZAdminPurchasesQuery,
    response: ZAdminPurchasesAnswer,
  }),
  exportPurchasesCsv: defineRoute({
    method: 'GET',
    path: '/admin/payments/purchases.csv',
    query: ZAdminPurchasesQuery,
    response: ZAdminPurchasesAnswer,
  }),
  reverifyPurchase: defineRoute({
    method: 'POST',
    path: '/admin/payments/purchases/:id/verify',
    params: ZIdParams,
    response: ZAdminReverifyAnswer,
  }),
};
