import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { TPhoto } from '@betoch/contracts/uploads';
import { photoSrcSet, photoUrlFor, ResponsivePhoto } from './responsive-photo';

const photo: TPhoto = {
  url: '/media/p1/1280.webp',
  key: 'p1',
  width: 1280,
  height: 853,
  sizes: [
    { width: 320, height: 213, url: '/media/p1/320.webp' },
    { width: 640, height: 427, url: '/media/p1/640.webp' },
    { width: 1280, height: 853, url: '/media/p1/1280.webp' },
  ],
  placeholder: 'data:image/webp;base64,AAAA',
};

describe('ResponsivePhoto', () => {
  it('offers every rendition in srcset so the phone picks the smallest that fits', () => {
    expect(photoSrcSet(photo)).toBe('/media/p1/320.webp 320w, /media/p1/640.webp 640w, /media/p1/1280.webp 1280w');
    expect(photoUrlFor(photo, 500)).toBe('/media/p1/640.webp');
    expect(photoUrlFor(photo, 5000)).toBe('/media/p1/1280.webp');
  });

  it('falls back to the photo itself without renditions', () => {
    expect(photoSrcSet({ ...photo, sizes: [] })).toBe('/media/p1/1280.webp 1280w');
  });

  it('sets width and height, loads lazily below the fold, and shows the placeholder meanwhile', () => {
    const { container } = render(<ResponsivePhoto photo={photo} alt="A home" sizes="100vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('width')).toBe('1280');
    expect(img.getAttribute('height')).toBe('853');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('sizes')).toBe('100vw');
    expect(img.style.backgroundImage).toContain('data:image/webp;base64,AAAA');
  });

  it('loads the first photo of a page at once', () => {
    const { container } = render(<ResponsivePhoto photo={photo} alt="" sizes="100vw" priority />);
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('eager');
  });
});
