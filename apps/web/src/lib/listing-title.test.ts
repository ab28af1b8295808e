import { describe, expect, it } from 'vitest';
import { LISTING_TYPES, SUBCITIES } from '@betoch/contracts/constants';
import { composeListingTitle, englishListingTitle, titleWordsFrom, type TitleTexts } from '@betoch/contracts/listing-title';
import { createTestI18n } from '@/test/i18n';
import enCommon from '../../public/locales/en/common.json';
import amCommon from '../../public/locales/am/common.json';
import { listingTitle } from './listing-title';

const en = createTestI18n('en').t;
const am = createTestI18n('am').t;

describe('listingTitle', () => {
  it("composes a generated title in the reader's language from type, bedrooms and subcity", () => {
    const flat = { title: 'Apartment in Bole', title_generated: true, type: 'apartment' as const, bedrooms: 2, subcity: 'Bole' };
    expect(listingTitle(flat, en)).toBe('Apartment in Bole');
    expect(listingTitle(flat, am)).toBe('በቦሌ የሚገኝ አፓርትመንት');
    // An apartment with 0 bedrooms is the wizard's studio; condo and condominium are one word.
    expect(listingTitle({ ...flat, bedrooms: 0, subcity: 'Nefas Silk-Lafto' }, am)).toBe('በንፋስ ስልክ ላፍቶ የሚገኝ ስቱዲዮ');
    expect(listingTitle({ ...flat, bedrooms: 0, subcity: 'Nefas Silk-Lafto' }, en)).toBe('Studio in Nefas Silk-Lafto');
    expect(listingTitle({ ...flat, type: 'condo', subcity: 'Yeka' }, am)).toBe('በየካ የሚገኝ ኮንዶሚኒየም');
    expect(listingTitle({ ...flat, type: 'villa', subcity: 'Kolfe Keranio' }, am)).toBe('በኮልፌ ቀራንዮ የሚገኝ ቪላ');
    expect(listingTitle({ ...flat, type: 'house', subcity: 'Arada' }, am)).toBe('በአራዳ የሚገኝ መኖሪያ ቤት');
  });

  it('shows a typed title exactly as typed, in every language', () => {
    const typed = { title: 'Sunny flat near Edna Mall', title_generated: false, type: 'apartment' as const, bedrooms: 2, subcity: 'Bole' };
    expect(listingTitle(typed, am)).toBe('Sunny flat near Edna Mall');
    expect(listingTitle({ ...typed, title: 'ሰፊ ቤት በቦሌ', title_generated: undefined }, en)).toBe('ሰፊ ቤት በቦሌ');
  });

  it('a subcity the texts do not know is shown as it is', () => {
    expect(listingTitle({ title: 'x', title_generated: true, type: 'villa', bedrooms: 3, subcity: 'Sululta' }, am)).toBe('በSululta የሚገኝ ቪላ');
  });

  it('the English texts compose exactly the title the server stores (and migration 0013 matches), for every type and subcity', () => {
    const words = titleWordsFrom(enCommon.listingTitle as TitleTexts);
    for (const type of LISTING_TYPES) {
      for (const bedrooms of [null, 0, 2]) {
        for (const subcity of SUBCITIES) {
          const parts = { type, bedrooms, subcity };
          expect(listingTitle({ ...parts, title: '', title_generated: true }, en)).toBe(englishListingTitle(parts));
          expect(composeListingTitle(parts, words)).toBe(englishListingTitle(parts));
        }
      }
    }
  });

  it("the server's page head composes with the same texts as the web", () => {
    const words = titleWordsFrom(amCommon.listingTitle as TitleTexts);
    for (const type of LISTING_TYPES) {
      for (const subcity of SUBCITIES) {
        const parts = { type, bedrooms: 1, subcity };
        expect(composeListingTitle(parts, words)).toBe(listingTitle({ ...parts, title: '', title_generated: true }, am));
      }
    }
  });
});
