import { defineRoute } from '../route-contract.ts';
import {
  ZManualAdjustmentAnswer,
  ZManualAdjustmentRequest,
  ZManualAdjustmentsAnswer,
  ZManualAdjustmentsQuery,
  ZReviewAdjustmentAnswer,
  ZReviewAdjustmentRequest,
} from '../admin.ts';
import { ZIdParams } from '../common.ts';

/** The adjustments calls: method, path, what each takes and answers. */
export const adjustmentsCalls = {
  listAdjustments: defineRoute({
    method: 'GET',
    path: '/admin/payments/manual-adjustments',
    query: ZManualAdjustmentsQuery,
    response: ZManualAdjustmentsAnswer,
  }),
  createAdjustment: defineRoute({
    method: 'POST',
    path: '/admin/payments/manual-adjustments',
    body: ZManualAdjustmentRequest,
    response: ZManualAdjustmentAnswer,
    successStatus: 201,
  }),
  approveAdjustment: defineRoute({
    method: 'POST',
    path: '/admin/payments/manual-adjustments/:id/approve',
    params: ZIdParams,
    body: ZReviewAdjustmentRequest,
    response: ZReviewAdjustmentAnswer,
  }),
  rejectAdjustment: defineRoute({
    method: 'POST',
    path: '/admin/payments/manual-adjustments/:id/reject',
    params: ZIdParams,
    body: ZReviewAdjustmentRequest,
    response: ZReviewAdjustmentAnswer,
  }),
};
