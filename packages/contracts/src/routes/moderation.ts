import { defineRoute } from '../route-contract.ts';
import { ZModerationActionAnswer, ZModerationActionRequest, ZModerationCasesAnswer, ZModerationCasesQuery } from '../admin.ts';
import { ZIdParams } from '../common.ts';

/** The moderation calls: method, path, what each takes and answers. */
export const moderationCalls = {
  listCases: defineRoute({
    method: 'GET',
    path: '/admin/moderation/cases',
    query: ZModerationCasesQuery,
    response: ZModerationCasesAnswer,
  }),
  actOnCase: defineRoute({
    method: 'POST',
    path: '/admin/moderation/cases/:id/actions',
    params: ZIdParams,
    body: ZModerationActionRequest,
    response: ZModerationActionAnswer,
  }),
};
