import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isContactHidden, isInsufficientCredits } from './contact-failure';

describe('contact failures', () => {
  it('knows a want of credits by its code, its status or a message about credits', () => {
    expect(isInsufficientCredits(new ApiError('x', { status: 402, body: { error: 'insufficient_credits' } }))).toBe(true);
    expect(isInsufficientCredits(new ApiError('Payment required', { status: 402 }))).toBe(true);
    expect(isInsufficientCredits(new ApiError('Not enough credits left', { status: 400 }))).toBe(true);
    expect(isInsufficientCredits(new Error('insufficient_credits'))).toBe(true);
  });

  it('does not take other failures for a want of credits', () => {
    expect(isInsufficientCredits(new ApiError('The owner accepts messages only.', { status: 403, body: { error: 'contact_hidden' } }))).toBe(false);
    expect(isInsufficientCredits(new ApiError('Network error', { status: 0, code: 'network_error' }))).toBe(false);
    expect(isInsufficientCredits('credit')).toBe(false);
  });

  it('knows contact_hidden by its code only', () => {
    expect(isContactHidden(new ApiError('x', { status: 403, body: { error: 'contact_hidden' } }))).toBe(true);
    expect(isContactHidden(new ApiError('x', { status: 403, body: { error: 'own_listing' } }))).toBe(false);
    expect(isContactHidden(new Error('contact_hidden'))).toBe(false);
  });
});
