import { defineRoute } from '../route-contract.ts';
import { ZUploadAnswer } from '../uploads.ts';

/** The uploads calls: method, path, what each takes and answers. */
export const uploadsCalls = {
  uploadPhoto: defineRoute({
    method: 'POST',
    path: '/uploads',
    response: ZUploadAnswer,
    successStatus: 201,
  }),
};
