import { describe, expect, it } from 'vitest';
import { brokerDraft as listing } from '../test/broker-draft';
import { draftToResume, resumePath, wizardValuesFromListing } from './resume-draft';
import { stepsWithErrors, toCreatePayload, wizardSchema } from './wizard-schema';

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
    const draft = listing({ advance_months: 2, deposit_etb: 10000, broker_fee_percent: 10 });
    const form = { ...wizardValuesFromListing(draft, 'Dawit'), photos: 1 };
    expect(stepsWithErrors(form, false).size).toBe(0);
    expect(form.name).toBe('Dawit');
    // Every field the payload sends is the stored one.
    const payload = toCreatePayload(wizardSchema(false).parse(form));
    expect(payload).toEqual(Object.fromEntries(Object.keys(payload).map((key) => [key, draft[key as keyof typeof draft]])));
    expect(Object.keys(payload)).toHaveLength(15);
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
