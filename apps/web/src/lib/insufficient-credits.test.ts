import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isInsufficientCredits } from './insufficient-credits';

describe('isInsufficientCredits', () => {
  it("knows a want of credits by the API's code, or a message naming the code", () => {
    expect(isInsufficientCredits(new ApiError('x', { status: 402, body: { error: 'insufficient_credits' } }))).toBe(true);
    expect(isInsufficientCredits(new Error('insufficient_credits'))).toBe(true);
  });

  it('does not take other failures for a want of credits', () => {
    expect(isInsufficientCredits(new ApiError('x', { status: 402, body: { error: 'insufficient_post_credits' } }))).toBe(false);
    expect(isInsufficientCredits(new ApiError('Payment required', { status: 402 }))).toBe(false);
    expect(isInsufficientCredits(new ApiError('Not enough credits left', { status: 400 }))).toBe(false);
    expect(isInsufficientCredits(new ApiError('The owner accepts messages only.', { status: 403, body: { error: 'contact_hidden' } }))).toBe(false);
    expect(isInsufficientCredits(new ApiError('Network error', { status: 0, code: 'network_error' }))).toBe(false);
    expect(isInsufficientCredits('insufficient_credits')).toBe(false);
  });
});
