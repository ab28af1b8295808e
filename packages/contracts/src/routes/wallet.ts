import { defineRoute } from '../route-contract.ts';
import { ZPurchaseAnswer, ZPurchaseRequest, ZWalletBalanceAnswer, ZWalletHistoryAnswer } from '../wallet.ts';

/** The wallet calls: method, path, what each takes and answers. */
export const walletCalls = {
  balance: defineRoute({
    method: 'GET',
    path: '/wallet/balance',
    response: ZWalletBalanceAnswer,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/wallet/history',
    response: ZWalletHistoryAnswer,
  }),
  purchase: defineRoute({
    method: 'POST',
    path: '/purchase',
    body: ZPurchaseRequest,
    response: ZPurchaseAnswer,
  }),
};
