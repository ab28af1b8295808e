import { describe, expect, it } from 'vitest';
import { countedParam, paths } from './paths';

const at = (query: string, max: number) => countedParam(new URLSearchParams(query), 'photo', max);

describe('countedParam', () => {
  it('reads a position from 1 to max', () => {
    expect(at('photo=1', 3)).toBe(1);
    expect(at('photo=3', 3)).toBe(3);
    expect(at('save=1&photo=2', 3)).toBe(2);
  });

  it('is null when absent, out of range or not a whole number', () => {
    for (const query of ['', 'photo=', 'photo=0', 'photo=4', 'photo=-1', 'photo=1.5', 'photo=2x', 'photo=%202', 'photo=99999', 'step=2']) {
      expect(at(query, 3), query).toBeNull();
    }
    expect(at('photo=1', 0)).toBeNull();
  });
});

describe('paths.signInFrom', () => {
  it('is /login with the way back (and the listing, when there is one) in its query, read back as given', () => {
    expect(paths.signInFrom('/post/owner')).toBe('/login?from=%2Fpost%2Fowner');
    const link = new URL(paths.signInFrom(paths.listingToSave('a b'), 'a b'), 'https://betoch.et');
    expect(link.pathname).toBe(paths.login);
    expect(link.searchParams.get('from')).toBe(paths.listingToSave('a b'));
    expect(link.searchParams.get('listing')).toBe('a b');
    expect([...link.searchParams.keys()]).toEqual(['from', 'listing']);
  });
});
