import { describe, expect, it } from 'vitest';
import { encodeTint, tintDataUrl } from '@betoch/contracts/card-photo';
import { card, cardPhoto } from '../test/render-listings';
import { photoFromCard, toCardListing } from './card-listing';

describe('a browse card as the card component takes it', () => {
  it("builds every rendition's URL from the key and widths, the largest as url, heights in proportion", () => {
    const photo = photoFromCard({ key: 'k1', width: 1280, height: 853, widths: [320, 640, 1280] });
    expect(photo.sizes).toEqual([
      { width: 320, height: 213, url: '/media/k1/320.webp' },
      { width: 640, height: 427, url: '/media/k1/640.webp' },
      { width: 1280, height: 853, url: '/media/k1/1280.webp' },
    ]);
    expect(photo).toMatchObject({ url: '/media/k1/1280.webp', key: 'k1', width: 1280, height: 853, placeholder: '' });
  });

  it('turns the tint into a 4x3 bitmap placeholder with the same colours', () => {
    const colours = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 255],
      [17, 34, 51],
      [68, 85, 102],
      [119, 136, 153],
      [170, 187, 204],
      [0, 0, 0],
      [221, 238, 255],
      [34, 34, 34],
      [136, 136, 136],
    ];
    const tint = encodeTint(colours.flat());
    expect(tint).toBe('f000f000ffff123456789abc000def222888');
    const url = photoFromCard({ ...cardPhoto('k'), tint }).placeholder;
    expect(url).toBe(tintDataUrl(tint));
    const bytes = Uint8Array.from(atob(url.replace('data:image/bmp;base64,', '')), (c) => c.charCodeAt(0));
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('BM');
    expect(bytes.length).toBe(54 + 4 * 3 * 3);
    // Rows are stored bottom to top, each pixel blue, green, red.
    const pixel = (x: number, y: number) => {
      const at = 54 + (2 - y) * 12 + x * 3;
      return [bytes[at + 2], bytes[at + 1], bytes[at]];
    };
    expect(pixel(0, 0)).toEqual([255, 0, 0]);
    expect(pixel(3, 1)).toEqual([170, 187, 204]);
    expect(pixel(1, 2)).toEqual([221, 238, 255]);
  });

  it('gives back null for the facts a card leaves out', () => {
    const { bedrooms: _b, area_sqm: _a, specific_location: _s, ...bare } = card();
    expect(toCardListing(bare)).toMatchObject({ bedrooms: null, area_sqm: null, specific_location: null, bathrooms: 1 });
    expect(toCardListing(card({ photos: [] })).photos).toEqual([]);
  });
});
