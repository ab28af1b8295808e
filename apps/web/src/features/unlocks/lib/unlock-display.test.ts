import { describe, expect, it } from 'vitest';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { telHref, thumbnailOf, unlockBadgeKey } from './unlock-display';

const photo = {
  url: '/media/p/1280.webp',
  key: 'p',
  width: 1280,
  height: 853,
  sizes: [
    { url: '/media/p/320.webp', width: 320, height: 213 },
    { url: '/media/p/640.webp', width: 640, height: 427 },
  ],
  placeholder: 'data:image/webp;base64,AAAA',
};

describe('an unlock card', () => {
  it("says 'Used 1 credit' when the unlock took a credit, 'Unlimited subscription' when the plan covered it", () => {
    expect(unlockBadgeKey({ used_credit: true })).toBe('unlocks.usedCredit');
    expect(unlockBadgeKey({ used_credit: false })).toBe('unlocks.unlimited');
  });

  it('calls the stored number and shows it in the local 09.. form', () => {
    expect(telHref('+251911223344')).toBe('tel:+251911223344');
    expect(telHref('+251 911-22 33 44')).toBe('tel:+251911223344');
    expect(formatPhoneLocal('+251911223344')).toBe('0911 22 33 44');
  });

  it('shows the smallest rendition of the photo, or the placeholder when there is none', () => {
    const listing = {
      _id: 'l1',
      title: 'Apartment in Bole',
      title_generated: true,
      subcity: 'Bole',
      type: 'apartment' as const,
      bedrooms: 2,
      price_etb: 15000,
    };
    expect(thumbnailOf({ listing: { ...listing, photos: [photo] } })).toEqual({ url: '/media/p/320.webp', width: 320, height: 213 });
    expect(thumbnailOf({ listing: { ...listing, photos: [{ ...photo, sizes: [] }] } })).toEqual({ url: '/media/p/1280.webp', width: 1280, height: 853 });
    expect(thumbnailOf({ listing: { ...listing, photos: [] } })).toBeNull();
  });
});
