import { defineRoute } from '../route-contract.ts';
import { ZStreamTicketAnswer } from '../conversations.ts';

/** The realtime calls: method, path, what each takes and answers. */
export const realtimeCalls = {
  streamTicket: defineRoute({
    method: 'POST',
    path: '/realtime/ticket',
    response: ZStreamTicketAnswer,
  }),
};
