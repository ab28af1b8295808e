import { describe, expect, it } from 'vitest';
import { firstScreenForPath } from './first-screen-path.ts';

const SCREENS = [{ path: '/' }, { path: '/browse' }, { path: '/l/' }];

describe('firstScreenForPath', () => {
  it('matches a page path exactly', () => {
    expect(firstScreenForPath(SCREENS, '/')).toBe(SCREENS[0]);
    expect(firstScreenForPath(SCREENS, '/browse')).toBe(SCREENS[1]);
  });

  it('matches a path under a prefix, with something after its slash', () => {
    expect(firstScreenForPath(SCREENS, '/l/0b7c3a52-2a5e-4f0e-9d1b-6a1e2f3c4d5e')).toBe(SCREENS[2]);
    expect(firstScreenForPath(SCREENS, '/l/not-an-id')).toBe(SCREENS[2]);
    expect(firstScreenForPath(SCREENS, '/l/x/edit')).toBe(SCREENS[2]);
    expect(firstScreenForPath(SCREENS, '/l/')).toBeUndefined();
    expect(firstScreenForPath(SCREENS, '/l')).toBeUndefined();
  });

  it('matches nothing else: a trailing slash, a query string left on, a longer path or another page', () => {
    for (const pathname of ['/browse/', '/browse?subcity=Bole', '/browsex', '/browse/x', '//', '', '/wallet', '/L/abc', '/x/l/abc']) {
      expect(firstScreenForPath(SCREENS, pathname), pathname).toBeUndefined();
    }
  });

  it("'/' is a page path, not a prefix", () => {
    expect(firstScreenForPath([{ path: '/' }], '/wallet')).toBeUndefined();
  });

  it('gives the first screen that matches, as declared', () => {
    const both = [{ path: '/l/', name: 'prefix' }, { path: '/l/abc', name: 'exact' }];
    expect(firstScreenForPath(both, '/l/abc')?.name).toBe('prefix');
    expect(firstScreenForPath([], '/')).toBeUndefined();
  });
});
