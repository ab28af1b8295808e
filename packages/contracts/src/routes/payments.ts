import { defineRoute } from '../route-contract.ts';
import { ZChapaCallbackQuery, ZPaymentMethodsAnswer, ZVerifyPurchaseAnswer, ZVerifyPurchaseRequest, ZWebhookAnswer } from '../payments.ts';

/** The payments calls: method, path, what each takes and answers. */
export const paymentsCalls = {
  methods: defineRoute({
    method: 'GET',
    path: '/payments/methods',
    response: ZPaymentMethodsAnswer,
  }),
  verifyPurchase: defineRoute({
    method: 'POST',
    path: '/purchase/verify',
    body: ZVerifyPurchaseRequest,
    response: ZVerifyPurchaseAnswer,
  }),
  chapaCallback: defineRoute({
    method: 'GET',
    path: '/payments/chapa/callback',
    query: ZChapaCallbackQuery,
    response: ZWebhookAnswer,
  }),
  chapaWebhook: defineRoute({
    method: 'POST',
    path: '/payments/chapa/webhook',
    response: ZWebhookAnswer,
  }),
};
