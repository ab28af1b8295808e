import { defineRoute } from '../route-contract.ts';
import { ZIdParams } from '../common.ts';
import {
  ZFaydaCallbackAnswer,
  ZFaydaCallbackRequest,
  ZFaydaRevocationAnswer,
  ZFaydaRevocationRequest,
  ZFaydaRevocationReview,
  ZFaydaRevocationsAnswer,
  ZFaydaStartAnswer,
  ZFaydaStartRequest,
  ZFaydaStatusAnswer,
} from '../fayda.ts';

/** 'Verify with Fayda' (docs/fayda.md): the state, the start of the flow and its return. */
export const faydaCalls = {
  getFayda: defineRoute({
    method: 'GET',
    path: '/fayda',
    response: ZFaydaStatusAnswer,
  }),
  startFayda: defineRoute({
    method: 'POST',
    path: '/fayda/start',
    body: ZFaydaStartRequest,
    response: ZFaydaStartAnswer,
  }),
  finishFayda: defineRoute({
    method: 'POST',
    path: '/fayda/callback',
    body: ZFaydaCallbackRequest,
    response: ZFaydaCallbackAnswer,
  }),
  /** Admin: the revocations waiting for a second admin, and those decided lately. */
  listFaydaRevocations: defineRoute({
    method: 'GET',
    path: '/admin/fayda/revocations',
    response: ZFaydaRevocationsAnswer,
  }),
  /** Admin: ask to revoke a verification, with a reason (pending until a second admin approves). */
  requestFaydaRevocation: defineRoute({
    method: 'POST',
    path: '/admin/fayda/revocations',
    body: ZFaydaRevocationRequest,
    response: ZFaydaRevocationAnswer,
    successStatus: 201,
  }),
  approveFaydaRevocation: defineRoute({
    method: 'POST',
    path: '/admin/fayda/revocations/:id/approve',
    params: ZIdParams,
    body: ZFaydaRevocationReview,
    response: ZFaydaRevocationAnswer,
  }),
  rejectFaydaRevocation: defineRoute({
    method: 'POST',
    path: '/admin/fayda/revocations/:id/reject',
    params: ZIdParams,
    body: ZFaydaRevocationReview,
    response: ZFaydaRevocationAnswer,
  }),
};
