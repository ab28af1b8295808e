import { defineRoute } from '../route-contract.ts';
import { ZIdParams } from '../common.ts';
import { ZBatchUnlockStatusAnswer, ZBatchUnlockStatusRequest, ZMyUnlocksAnswer, ZUnlockContactAnswer, ZUnlockStatusAnswer } from '../unlocks.ts';

/** The unlocks calls: method, path, what each takes and answers. */
export const unlocksCalls = {
  unlockContact: defineRoute({
    method: 'POST',
    path: '/listings/:id/unlock-contact',
    params: ZIdParams,
    response: ZUnlockContactAnswer,
  }),
  unlockStatus: defineRoute({
    method: 'GET',
    path: '/listings/:id/unlock-status',
    params: ZIdParams,
    response: ZUnlockStatusAnswer,
  }),
  batchUnlockStatus: defineRoute({
    method: 'POST',
    path: '/listings/batch-unlock-status',
    body: ZBatchUnlockStatusRequest,
    response: ZBatchUnlockStatusAnswer,
  }),
  myUnlocks: defineRoute({
    method: 'GET',
    path: '/listings/unlocked/my-unlocks',
    response: ZMyUnlocksAnswer,
  }),
};
