import { describe, expect, it } from 'vitest';
import { looksLikeLandlord, myListingsStats } from './my-listings-stats';

const live = { visibility: 'live' as const, published_at: '2026-11-01T00:00:00Z' };
const rented = { visibility: 'draft' as const, published_at: '2026-10-01T00:00:00Z' };
const draft = { visibility: 'draft' as const, published_at: null };

describe('myListingsStats', () => {
  it('counts live, published (rented ones too) and the slots left', () => {
    expect(myListingsStats([live, rented, draft], 1)).toEqual({ live: 1, published: 2, remainingSlots: 2, atLimit: false });
  });

  it('shows the limit banner at 3 live, with no slot left', () => {
    expect(myListingsStats([live, live, live], 3)).toMatchObject({ remainingSlots: 0, atLimit: true });
  });

  it('never shows fewer than 0 slots', () => {
    expect(myListingsStats([], 5).remainingSlots).toBe(0);
  });
});

describe('looksLikeLandlord (user-type detection)', () => {
  it('is true with a live landlord listing', () => {
    expect(looksLikeLandlord({ listings: [], stats: { landlord_live: 1 } })).toBe(true);
  });

  it('is true with any landlord listing, even a draft', () => {
    expect(looksLikeLandlord({ listings: [{ source: 'landlord' }], stats: { landlord_live: 0 } })).toBe(true);
  });

  it('is false for brokers and for users without listings', () => {
    expect(looksLikeLandlord({ listings: [{ source: 'delala' }], stats: { landlord_live: 0 } })).toBe(false);
    expect(looksLikeLandlord({ listings: [], stats: { landlord_live: 0 } })).toBe(false);
  });
});
