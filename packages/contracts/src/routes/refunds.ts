import { defineRoute } from '../route-contract.ts';
import { ZIdParams } from '../common.ts';
import {
  ZAdminRefundClaimsAnswer,
  ZAdminRefundClaimsQuery,
  ZRefundClaimAnswer,
  ZRefundClaimRequest,
  ZReviewRefundAnswer,
  ZReviewRefundRequest,
} from '../refunds.ts';

/** The refunds calls: method, path, what each takes and answers. */
export const refundsCalls = {
  claimRefund: defineRoute({
    method: 'POST',
    path: '/listings/unlocked/:id/refund-claim',
    params: ZIdParams,
    body: ZRefundClaimRequest,
    response: ZRefundClaimAnswer,
    successStatus: 201,
  }),
  listClaims: defineRoute({
    method: 'GET',
    path: '/admin/payments/refund-claims',
    query: ZAdminRefundClaimsQuery,
    response: ZAdminRefundClaimsAnswer,
  }),
  approveClaim: defineRoute({
    method: 'POST',
    path: '/admin/payments/refund-claims/:id/approve',
    params: ZIdParams,
    body: ZReviewRefundRequest,
    response: ZReviewRefundAnswer,
  }),
  rejectClaim: defineRoute({
    method: 'POST',
    path: '/admin/payments/refund-claims/:id/reject',
    params: ZIdParams,
    body: ZReviewRefundRequest,
    response: ZReviewRefundAnswer,
  }),
};
