import { describe, expect, it } from 'vitest';
import { afterLogin, afterSkip, carryIntent, localPath, planFor, readIntent } from './auth-intent';

describe('auth intent', () => {
  it('reads the way back, the listing and the message from the query of a link or a form sent without JavaScript; state wins', () => {
    const query = new URLSearchParams({ from: '/l/abc', listing: 'abc', message: 'Is it free?' });
    expect(readIntent(null, query)).toEqual({ from: '/l/abc', listingId: 'abc', pendingMessage: 'Is it free?' });
    expect(readIntent({ from: '/browse', pendingMessage: 'Hello' }, query)).toEqual({ from: '/browse', listingId: 'abc', pendingMessage: 'Hello' });
    expect(readIntent(null, new URLSearchParams({ from: '//evil.example/x', message: '  ' }))).toEqual({});
  });

  it('reads the navigation state the spec names, and the query role and plan first', () => {
    const intent = readIntent(
      {
        from: '/l/42',
        pendingMessage: 'Is it free?',
        listingId: '42',
        role: 'landlord',
        selectedPlan: 'CREDIT_SINGLE',
        planName: 'Single',
        returnTo: '/chat/9',
      },
      new URLSearchParams('role=delala&plan=post_credit_1'),
    );
    expect(intent).toEqual({
      from: '/l/42',
      pendingMessage: 'Is it free?',
      listingId: '42',
      role: 'delala',
      selectedPlan: 'post_credit_1',
      planName: 'Single',
      returnTo: '/chat/9',
    });
  });

  it('drops what is not valid: foreign paths, unknown roles and skus, codes that are not 6 digits', () => {
    expect(readIntent({ from: '//evil.example', role: 'admin', selectedPlan: 'FREE', code: '12' }, new URLSearchParams('role=x&plan=y'))).toEqual({});
    expect(localPath('https://evil.example')).toBeUndefined();
    expect(localPath('/\\evil.example')).toBeUndefined();
    expect(localPath({ pathname: '/wallet', search: '?a=1' })).toBe('/wallet?a=1');
    expect(readIntent(null, new URLSearchParams())).toEqual({});
  });

  it('carries everything but phone and code unless they are added on purpose', () => {
    const intent = { from: '/l/1', phone: '0911223344', code: '123456' };
    expect(carryIntent(intent)).toEqual({ from: '/l/1' });
    expect(carryIntent(intent, { phone: '0911', code: '654321' })).toEqual({ from: '/l/1', phone: '0911', code: '654321' });
  });

  it('keeps a plan only for its audience', () => {
    expect(planFor('delala', 'post_subscription_delala_unlimited')).toBe('post_subscription_delala_unlimited');
    expect(planFor('delala', 'CREDIT_SINGLE')).toBeUndefined();
    expect(planFor('tenant', 'SUB_TENANT_MONTHLY')).toBe('SUB_TENANT_MONTHLY');
    expect(planFor('landlord', 'post_credit_1')).toBeUndefined();
    expect(planFor('tenant', undefined)).toBeUndefined();
  });

  it('sends the user back where they came from, never to /login or /signup', () => {
    expect(afterLogin({ from: '/wallet' })).toBe('/wallet');
    expect(afterLogin({ returnTo: '/chat/3' })).toBe('/chat/3');
    expect(afterLogin({ from: '/login' })).toBe('/');
    expect(afterLogin({})).toBe('/');
    expect(afterSkip({ from: '/l/7' })).toBe('/l/7');
    expect(afterSkip({ from: '/signup?role=tenant' })).toBe('/browse');
    expect(afterSkip({})).toBe('/browse');
  });
});
