import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pickFeatured, shuffled } from './featured';

/** A repeatable random sequence for the tests. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('featured listings (/tenant/welcome)', () => {
  it('keeps 3 distinct listings out of the 20 fetched', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `listing-${i}`);
    const picked = pickFeatured(twenty, seeded(7));
    expect(picked).toHaveLength(3);
    expect(new Set(picked).size).toBe(3);
    for (const id of picked) expect(twenty).toContain(id);
  });

  it('shows what there is when fewer than 3 are live', () => {
    expect(pickFeatured(['a', 'b'], seeded(1)).sort()).toEqual(['a', 'b']);
    expect(pickFeatured([], seeded(1))).toEqual([]);
  });

  it('does not always show the newest three', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i);
    const firsts = new Set<number>();
    for (let seed = 1; seed <= 30; seed += 1) firsts.add(pickFeatured(twenty, seeded(seed))[0]!);
    expect(firsts.size).toBeGreaterThan(5);
  });

  it('shuffles into a permutation and leaves the fetched list as it was', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer(), (items, seed) => {
        const before = items.slice();
        const out = shuffled(items, seeded(seed));
        expect(items).toEqual(before);
        expect(out.slice().sort((a, b) => a - b)).toEqual(before.slice().sort((a, b) => a - b));
      }),
    );
  });

  it('gives every listing a fair chance at the first place', () => {
    const counts = [0, 0, 0, 0];
    const random = seeded(42);
    for (let i = 0; i < 8000; i += 1) {
      const first = shuffled([0, 1, 2, 3], random)[0]!;
      counts[first] = (counts[first] ?? 0) + 1;
    }
    for (const c of counts) expect(c).toBeGreaterThan(1700);
  });
});
