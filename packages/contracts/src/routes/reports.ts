import { defineRoute } from '../route-contract.ts';
import { ZReportAnswer, ZReportRequest } from '../reports.ts';

/** The reports calls: method, path, what each takes and answers. */
export const reportsCalls = {
  createReport: defineRoute({
    method: 'POST',
    path: '/reports',
    body: ZReportRequest,
    response: ZReportAnswer,
    successStatus: 201,
  }),
};
