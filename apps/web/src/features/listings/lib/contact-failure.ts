import { ApiError } from '@/lib/api-client';

/**
 * An unlock or a first message refused for want of credits (402
 * insufficient_credits, or a failure whose message speaks of credits) leads to the wallet.
 */
export function isInsufficientCredits(error: unknown): boolean {
  if (error instanceof ApiError && (error.code === 'insufficient_credits' || error.status === 402)) return true;
  return error instanceof Error && /credit/i.test(error.message);
}

/** 403 contact_hidden: the owner accepts messages only (the listing may have changed since it loaded). */
export function isContactHidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'contact_hidden';
}
