import { ApiError } from '@/lib/api-client';

/**
 * An unlock or a first message refused for want of credits leads to the wallet; any other failure
 * is only reported. Known by the API's code (402 insufficient_credits), or by an error whose
 * message names that code; not by the status alone nor by a message that merely speaks of credits
 * (402 insufficient_post_credits is a broker's publish, whose wallet is another).
 */
export function isInsufficientCredits(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'insufficient_credits';
  return error instanceof Error && error.message.includes('insufficient_credits');
}
