import { describe, expect, it } from 'vitest';
import type { TOwnerListing } from '@betoch/contracts/listings';
import { draftToResume, resumePath, wizardValuesFromListing } from './resume-draft';
import { stepsWithErrors, toCreatePayload, wizardSchema } from './wizard-schema';

function listing(over: Partial<TOwnerListing>): TOwnerListing {
  return {
    _id: 'l1',
    title: 'Apartment in Bole',
    title_generated: true,
    description: 'Second floor, water all day.',
    type: 'apartment',
    price_etb: 18000,
    bedrooms: 2,
    bathrooms: 1,
    area_sqm: 80,
    specific_location: 'Near Edna Mall',
    subcity: 'Bole',
    source: 'delala',
    contact_preference: 'hide',
    visibility: 'draft',
    photos: [],
    posted_by: { name: 'Dawit', agency_name: null, is_broker: true },
    published_at: null,
    confirmed_at: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    advance_months: null,
    deposit_etb: null,
    broker_fee_etb: null,
    broker_fee_percent: null,
    access: 'poster',
    poster_phone: '+251911000000',
    admin_hidden: false,
    hidden_reason: null,
    confirm_asked_at: null,
    expired_at: null,
    expired_reason: null,
    ...over,
  };
}

describe('the draft a posting page continues', () => {
  const older = listing({ _id: 'old', updatedAt: '2026-11-20T10:00:00.000Z' });
  const newer = listing({ _id: 'new', updatedAt: '2026-11-21T10:00:00.000Z' });
  const live = listing({ _id: 'live', visibility: 'live', updatedAt: '2026-11-23T10:00:00.000Z' });
  const landlords = listing({ _id: 'owner', source: 'landlord', updatedAt: '2026-11-23T10:00:00.000Z' });

  it('is the latest draft from this page, never a live listing or another page’s draft', () => {
    expect(draftToResume([older, live, newer, landlords], 'delala', null)?._id).toBe('new');
    expect(draftToResume([live, landlords], 'delala', null)).toBeNull();
    expect(draftToResume([], 'delala', null)).toBeNull();
  });

  it('is the one named in the address when it is still one of the drafts', () => {
    expect(draftToResume([older, newer], 'delala', 'old')?._id).toBe('old');
    // A published or foreign id falls back to the latest draft.
    expect(draftToResume([older, newer, live], 'delala', 'live')?._id).toBe('new');
    expect(draftToResume([older, newer], 'delala', 'someone-else')?._id).toBe('new');
  });

  it('refills the wizard so the same draft is sent back unchanged', () => {
    const draft = listing({});
    const form = { ...wizardValuesFromListing(draft, 'Dawit'), photos: 1 };
    expect(stepsWithErrors(form, false).size).toBe(0);
    expect(form.name).toBe('Dawit');
    expect(toCreatePayload(wizardSchema(false).parse(form))).toEqual({
      title: 'Apartment in Bole',
      title_generated: true,
      description: draft.description,
      type: 'apartment',
      price_etb: 18000,
      bedrooms: 2,
      bathrooms: 1,
      area_sqm: 80,
      specific_location: 'Near Edna Mall',
      subcity: 'Bole',
      contact_preference: 'hide',
      advance_months: null,
      deposit_etb: null,
      broker_fee_etb: null,
      broker_fee_percent: null,
    });
  });

  it('maps stored types and counts back to the wizard’s choices', () => {
    expect(wizardValuesFromListing(listing({ type: 'apartment', bedrooms: 0 }), '')).toMatchObject({ type: 'studio', bedrooms: 'studio' });
    expect(wizardValuesFromListing(listing({ type: 'condo', bedrooms: 7, bathrooms: 5 }), '')).toMatchObject({
      type: 'condominium',
      bedrooms: '5+',
      bathrooms: '4+',
    });
    expect(wizardValuesFromListing(listing({ bedrooms: null, bathrooms: null, area_sqm: null, specific_location: null }), '')).toMatchObject({
      bedrooms: '',
      bathrooms: '',
      area_sqm: '',
      specific_location: '',
    });
  });

  it('has an address that reopens it', () => {
    expect(resumePath('/post/delala', 'abc 1')).toBe('/post/delala?draft=abc%201');
    expect(resumePath('/post/delala', null)).toBe('/post/delala');
  });
});
