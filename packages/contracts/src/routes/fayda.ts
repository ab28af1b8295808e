import { defineRoute } from '../route-contract.ts';
import { ZFaydaCallbackAnswer, ZFaydaCallbackRequest, ZFaydaStartAnswer, ZFaydaStartRequest, ZFaydaStatusAnswer } from '../fayda.ts';

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
};
