import type { TPurchaseGrantedAnswer } from '@betoch/contracts/wallet';

/** The success alert after a purchase: a key of the wallet namespace and its count. */
export interface SuccessText {
  key: 'success.credits' | 'success.tenantUnlimited' | 'success.postCredits' | 'success.delalaUnlimited';
  count?: number;
}

/**
 * Which alert a purchase earns, from what this purchase granted (the `result` flags), with the
 * balance after it: a plan says the plan is active, credits say how many the user has now.
 */
export function purchaseSuccess(answer: Pick<TPurchaseGrantedAnswer, 'result' | 'credits' | 'post_credits'>): SuccessText {
  const { result } = answer;
  if (result.delala_unlimited_active) return { key: 'success.delalaUnlimited' };
  if (result.tenant_unlimited_active) return { key: 'success.tenantUnlimited' };
  if (result.post_credits_granted > 0) return { key: 'success.postCredits', count: answer.post_credits };
  return { key: 'success.credits', count: answer.credits };
}
