import { defineRoute } from '../route-contract.ts';
import { ZDuplicateDecisionAnswer, ZDuplicatesAnswer, ZDuplicatesQuery, ZMergeDuplicatesRequest } from '../admin.ts';
import { ZIdParams } from '../common.ts';

/** The duplicates calls: method, path, what each takes and answers. */
export const duplicatesCalls = {
  listClusters: defineRoute({
    method: 'GET',
    path: '/admin/moderation/duplicates',
    query: ZDuplicatesQuery,
    response: ZDuplicatesAnswer,
  }),
  mergeCluster: defineRoute({
    method: 'POST',
    path: '/admin/moderation/duplicates/:id/merge',
    params: ZIdParams,
    body: ZMergeDuplicatesRequest,
    response: ZDuplicateDecisionAnswer,
  }),
  dismissCluster: defineRoute({
    method: 'POST',
    path: '/admin/moderation/duplicates/:id/dismiss',
    params: ZIdParams,
    response: ZDuplicateDecisionAnswer,
  }),
  removeCluster: defineRoute({
    method: 'POST',
    path: '/admin/moderation/duplicates/:id/remove',
    params: ZIdParams,
    response: ZDuplicateDecisionAnswer,
  }),
};
