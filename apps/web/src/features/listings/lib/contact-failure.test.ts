import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isContactHidden } from './contact-failure';

describe('contact failures', () => {
  it('knows contact_hidden by its code only', () => {
    expect(isContactHidden(new ApiError('x', { status: 403, body: { error: 'contact_hidden' } }))).toBe(true);
    expect(isContactHidden(new ApiError('x', { status: 403, body: { error: 'own_listing' } }))).toBe(false);
    expect(isContactHidden(new Error('contact_hidden'))).toBe(false);
  });
});
