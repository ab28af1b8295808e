import { ApiError } from '@/lib/api-client';

/**
 * An unlock that failed for want of credits (the code, or a message that names
 * insufficient_credits) asks to go to the wallet; any other failure is only reported.
 */
export function isInsufficientCredits(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'insufficient_credits') return true;
  return error instanceof Error && error.message.includes('insufficient_credits');
}
