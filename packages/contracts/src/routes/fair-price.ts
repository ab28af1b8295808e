import { defineRoute } from '../route-contract.ts';
import { ZIdParams } from '../common.ts';
import { ZFairPriceAnswer } from '../fair-price.ts';

/** The fair-price calls: method, path, what each takes and answers. */
export const fairPriceCalls = {
  getFairPrice: defineRoute({
    method: 'GET',
    path: '/listings/:id/fair-price',
    params: ZIdParams,
    response: ZFairPriceAnswer,
  }),
};
