import { describe, expect, it } from 'vitest';
import { firstScreenForPath } from '@betoch/contracts/first-screen-path';
import { FIRST_SCREENS } from './first-screens';

const firstScreenFor = (pathname: string) => firstScreenForPath(FIRST_SCREENS, pathname);

describe('the first screens, matched by the shared rule', () => {
  it('gives the screen of /, /browse and /l/{id}', () => {
    expect(firstScreenFor('/')).toBe(FIRST_SCREENS[0]);
    expect(firstScreenFor('/browse')).toBe(FIRST_SCREENS[1]);
    expect(firstScreenFor('/l/0b7c3a52-2a5e-4f0e-9d1b-6a1e2f3c4d5e')?.page).toBe('src/features/listings/components/listing-detail-page.tsx');
  });

  it('gives none for other paths, /l/ alone or a trailing slash', () => {
    for (const pathname of ['/wallet', '/l/', '/l', '/browse/', '/browsex']) expect(firstScreenFor(pathname), pathname).toBeUndefined();
  });
});
