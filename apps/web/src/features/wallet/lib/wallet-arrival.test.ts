import { describe, expect, it } from 'vitest';
import { pathAfterPurchase, readWalletArrival } from './wallet-arrival';

describe('arriving at /wallet', () => {
  it('from a listing wanting to unlock: the listing is remembered (Almost there!)', () => {
    expect(readWalletArrival({ from: 'listing', listingId: 'abc123' })).toEqual({ listingId: 'abc123' });
    // A page that passes its own path means the same.
    expect(readWalletArrival({ from: '/l/abc123', listingId: 'abc123' })).toEqual({ listingId: 'abc123' });
  });

  it('a listing id alone, or from somewhere else, is not an unlock on the way', () => {
    expect(readWalletArrival({ listingId: 'abc123' })).toEqual({});
    expect(readWalletArrival({ from: '/browse', listingId: 'abc123' })).toEqual({});
    expect(readWalletArrival({ from: 'listing', listingId: '  ' })).toEqual({});
  });

  it('a return path counts only with the return-after-purchase flag, and only inside the app', () => {
    expect(readWalletArrival({ returnTo: '/chat/c1', returnAfterPurchase: true })).toEqual({ returnTo: '/chat/c1' });
    expect(readWalletArrival({ returnTo: '/chat/c1' })).toEqual({});
    expect(readWalletArrival({ returnTo: '/chat/c1', returnAfterPurchase: 'yes' })).toEqual({});
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example', 'chat/c1']) {
      expect(readWalletArrival({ returnTo: evil, returnAfterPurchase: true })).toEqual({});
    }
  });

  it('a highlighted sku must be a real sku', () => {
    expect(readWalletArrival({ highlightSku: 'CREDIT_BUNDLE_10' })).toEqual({ highlightSku: 'CREDIT_BUNDLE_10' });
    expect(readWalletArrival({ highlightSku: 'FREE_CREDITS' })).toEqual({});
  });

  it('no state, or state that is not an object, means nothing special', () => {
    expect(readWalletArrival(null)).toEqual({});
    expect(readWalletArrival(undefined)).toEqual({});
    expect(readWalletArrival('listing')).toEqual({});
  });
});

describe('where a purchase sends the user', () => {
  it('back to the listing they came from', () => {
    expect(pathAfterPurchase(readWalletArrival({ from: 'listing', listingId: 'abc 1' }))).toBe('/l/abc%201');
  });

  it('to the carried return path (the chat), which wins over the listing', () => {
    expect(pathAfterPurchase(readWalletArrival({ returnTo: '/chat/c1', returnAfterPurchase: true }))).toBe('/chat/c1');
    expect(pathAfterPurchase(readWalletArrival({ from: 'listing', listingId: 'abc', returnTo: '/chat/c1', returnAfterPurchase: true }))).toBe('/chat/c1');
  });

  it('nowhere (stays on /wallet) when the user came on their own or from signup with a plan', () => {
    expect(pathAfterPurchase(readWalletArrival(null))).toBeNull();
    expect(pathAfterPurchase(readWalletArrival({ highlightSku: 'SUB_TENANT_MONTHLY' }))).toBeNull();
  });
});
