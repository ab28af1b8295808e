import { afterEach, describe, expect, it } from 'vitest';
import { addAppLinks } from './app-links';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the icons and manifest named after the first screen', () => {
  it('replaces the empty start icon and adds the home-screen icon and the manifest, once', () => {
    document.head.innerHTML = '<link rel="icon" href="data:,">';
    addAppLinks('/');
    addAppLinks('/');
    const links = [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('type')]);
    expect(links).toEqual([
      ['icon', '/favicon.svg', 'image/svg+xml'],
      ['apple-touch-icon', '/icons/apple-touch-icon.png', null],
      ['manifest', '/manifest.webmanifest', null],
    ]);
  });
});
