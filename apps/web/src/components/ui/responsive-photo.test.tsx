import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { TPhoto } from '@betoch/contracts/uploads';
import { DATA_SAVER_KEY, isDataSaverOn, setDataSaver } from '@/lib/data-saver';
import { createTestI18n } from '@/test/i18n';
import { photoSrcSet } from '@betoch/contracts/photo-srcset';
import { photoUrlFor, ResponsivePhoto } from './responsive-photo';

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

describe('ResponsivePhoto with data saver', () => {
  const i18n = createTestI18n('en');
  const show = (ui: ReactNode) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  /** Every photo file the page would download: img src and srcset. */
  const requested = (root: HTMLElement) =>
    [...root.querySelectorAll('img')].flatMap((img) => [img.getAttribute('src'), img.getAttribute('srcset')]).filter(Boolean);
  const stubSaveData = (saveData: boolean) => vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { connection: { saveData } }));

  it('requests no photo file while on; a tap loads that photo only', async () => {
    setDataSaver(true);
    const { container } = show(
      <>
        <ResponsivePhoto photo={photo} alt="A home" sizes="100vw" priority />
        <ResponsivePhoto
          photo={{ ...photo, key: 'p2', url: '/media/p2/1280.webp', sizes: [{ width: 320, height: 213, url: '/media/p2/320.webp' }] }}
          alt=""
          sizes="100vw"
        />
      </>,
    );
    expect(requested(container)).toEqual([]);
    const buttons = screen.getAllByRole('button', { name: 'Tap to load photo' });
    expect(buttons).toHaveLength(2);
    // The blurred preview stands in, in the photo's shape, named like the photo.
    screen.getByRole('img', { name: 'A home' });
    const preview = screen.getAllByRole('button', { name: 'Tap to load photo' })[0]!.parentElement!;
    expect(preview.style.backgroundImage).toContain('data:image/webp;base64,AAAA');
    expect(preview.style.aspectRatio).toBe('1280 / 853');

    await userEvent.click(buttons[0]!);
    expect(requested(container)).toEqual(['/media/p1/640.webp', photoSrcSet(photo)]);
    expect(document.activeElement).toBe(container.querySelector('img'));
    expect(screen.getAllByRole('button', { name: 'Tap to load photo' })).toHaveLength(1);
  });

  it('adds no button inside a link or button (the parent keeps its action)', () => {
    setDataSaver(true);
    const { container } = show(
      <button type="button">
        <ResponsivePhoto photo={photo} alt="" sizes="64px" />
      </button>,
    );
    expect(requested(container)).toEqual([]);
    expect(container.querySelectorAll('button')).toHaveLength(1);
  });

  it('loads a photo the person opened on its own (asked), the others still waiting', () => {
    setDataSaver(true);
    const { container } = show(
      <>
        <ResponsivePhoto photo={photo} alt="Opened" sizes="100vw" priority asked />
        <ResponsivePhoto photo={{ ...photo, key: 'p2' }} alt="" sizes="100vw" />
      </>,
    );
    expect(requested(container)).toEqual(['/media/p1/640.webp', photoSrcSet(photo)]);
    expect(screen.getByRole('img', { name: 'Opened' }).tagName).toBe('IMG');
    expect(screen.getAllByRole('button', { name: 'Tap to load photo' })).toHaveLength(1);
  });

  it('loads photos as usual when off, and follows the switch at once', () => {
    const { container } = show(<ResponsivePhoto photo={photo} alt="" sizes="100vw" />);
    expect(requested(container)).toHaveLength(2);
    act(() => setDataSaver(true));
    expect(requested(container)).toEqual([]);
    act(() => setDataSaver(false));
    expect(requested(container)).toHaveLength(2);
  });

  it('is remembered on this device', () => {
    setDataSaver(true);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('1');
    const { container } = show(<ResponsivePhoto photo={photo} alt="" sizes="100vw" />);
    expect(requested(container)).toEqual([]);
  });

  it('is on by default when the phone asks to save data, unless the person chose otherwise', () => {
    stubSaveData(true);
    expect(isDataSaverOn()).toBe(true);
    setDataSaver(false);
    expect(isDataSaverOn()).toBe(false);
    localStorage.clear();
    stubSaveData(false);
    expect(isDataSaverOn()).toBe(false);
  });
});
