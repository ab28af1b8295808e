import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { testI18n } from '../test/test-i18n';
import { publishFailureText } from './publish-error';

let t: TFunction;
let tAm: TFunction;
beforeAll(async () => {
  t = (await testI18n('en')).t;
  tAm = (await testI18n('am')).t;
});

const api = (status: number, body: Record<string, unknown>) => new ApiError(String(body.message ?? ''), { status, body: { ok: false, ...body } });

describe('publishing errors', () => {
  it('answers the landlord cap text', () => {
    const error = api(409, { error: 'landlord_listing_limit_exceeded', message: 'x' });
    expect(publishFailureText(t, 'publish', error)).toEqual({
      text: 'You have reached the maximum of 3 listings. Please delete an existing listing to post a new one.',
    });
    expect(publishFailureText(tAm, 'publish', error).text).toMatch(/3/);
  });

  it('adds the post-credits line and the wallet link for a broker without credits', () => {
    const error = api(402, { error: 'insufficient_post_credits', message: 'You do not have enough post credits.' });
    expect(publishFailureText(t, 'publish', error)).toEqual({
      text: 'You do not have enough post credits.',
      detail: 'You need more post credits to publish this listing.',
      walletLink: true,
    });
  });

  it('shows the reason of a posting block', () => {
    const error = api(403, { error: 'posting_blocked', message: 'Posting is blocked for this account.', reason: 'duplicate listings' });
    expect(publishFailureText(t, 'publish', error)).toEqual({ text: 'Posting is blocked for this account.', detail: 'Reason: duplicate listings' });
  });

  it("shows another failure's server message, else the fallback", () => {
    expect(publishFailureText(t, 'publish', new ApiError('Teapot', { status: 418, body: { ok: false, message: 'Teapot' } })).text).toBe('Teapot');
    expect(publishFailureText(t, 'publish', new Error('boom')).text).toBe('Failed to publish listing. Please try again.');
  });

  it('names the draft and photo stages', () => {
    const invalid = api(400, {
      error: 'validation_error',
      message: 'Some fields are not valid.',
      fields: { price_etb: 'Price must be a valid positive number' },
    });
    expect(publishFailureText(t, 'draft', invalid)).toEqual({ text: 'Failed to create draft', detail: 'Price must be a valid positive number' });
    expect(publishFailureText(t, 'upload', api(415, { error: 'unsupported_media_type' })).text).toBe('Failed to upload photos');
  });

  it('says network error when no answer came, at any stage', () => {
    const offline = new ApiError('Network error', { status: 0, code: NETWORK_ERROR });
    for (const stage of ['verify', 'draft', 'upload', 'publish'] as const) {
      expect(publishFailureText(t, stage, offline).text).toBe('Network error. Check your connection and try again.');
    }
  });
});
