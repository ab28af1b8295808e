import { describe, expect, it } from 'vitest';
import type { TListing } from '@betoch/contracts/listings';
import { draftFormFromListing, draftPayload, EMPTY_DRAFT_FORM, ZDraftForm } from './draft-form-schema';

function messages(values: unknown): Record<string, string> {
  const result = ZDraftForm.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

const filled = {
  ...EMPTY_DRAFT_FORM,
  title: 'Bright 2-bedroom near Bole Medhanialem',
  description: 'Second floor, water all day.',
  type: 'apartment',
  price_etb: '18,000',
  bedrooms: '2',
  subcity: 'Bole',
};

describe('draft form', () => {
  it('answers the contract texts for an empty form', () => {
    expect(messages(EMPTY_DRAFT_FORM)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      type: 'Property type is required',
      price_etb: 'Price must be a valid positive number',
      subcity: 'Subcity is required',
    });
  });

  it('keeps bedrooms between 1 and 20 when given', () => {
    for (const bedrooms of ['0', '21', '2.5', 'two']) {
      expect(messages({ ...filled, bedrooms })).toEqual({ bedrooms: 'Bedrooms must be between 1 and 20' });
    }
    expect(messages({ ...filled, bedrooms: '' })).toEqual({});
    expect(messages({ ...filled, bedrooms: '20' })).toEqual({});
  });

  it('refuses a price that is not positive and a type outside the five', () => {
    expect(messages({ ...filled, price_etb: '-5' })).toEqual({ price_etb: 'Price must be a valid positive number' });
    expect(messages({ ...filled, type: 'castle' })).toEqual({ type: 'Property type is required' });
    expect(messages({ ...filled, subcity: 'Piassa' })).toEqual({ subcity: 'Subcity is required' });
  });

  it('sends the mapped type and numbers', () => {
    const out = ZDraftForm.parse({ ...filled, type: 'condominium', subcity: 'nifas silk-lafto', bathrooms: '1' });
    expect(draftPayload(out)).toMatchObject({ type: 'condo', price_etb: 18000, bedrooms: 2, bathrooms: 1, subcity: 'Nefas Silk-Lafto', area_sqm: null });
    const studio = ZDraftForm.parse({ ...filled, type: 'studio', bedrooms: '' });
    expect(draftPayload(studio)).toMatchObject({ type: 'apartment', bedrooms: 0 });
  });

  it('opens a stored studio as a studio, and a condo as a condominium', () => {
    const base = {
      title: 't',
      description: 'd',
      price_etb: 9000,
      bathrooms: 1,
      area_sqm: null,
      specific_location: null,
      subcity: 'Yeka',
      contact_preference: 'hide',
    } as unknown as TListing;
    expect(draftFormFromListing({ ...base, type: 'apartment', bedrooms: 0 })).toMatchObject({
      type: 'studio',
      bedrooms: '',
      price_etb: '9000',
      bathrooms: '1',
    });
    expect(draftFormFromListing({ ...base, type: 'condo', bedrooms: 3 })).toMatchObject({ type: 'condominium', bedrooms: '3' });
  });
});
