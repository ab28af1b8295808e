import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from '@betoch/contracts/listings';
import { enLandlord, testI18n } from '../test/test-i18n';
import { listingMessageText } from './listing-message';

describe('listing validation messages', () => {
  it('are in the English landlord file exactly as the contracts answer them', () => {
    expect(enLandlord.draft.errors).toEqual(LISTING_MESSAGES);
  });

  it("are shown in the reader's language, and unknown ones as they are", async () => {
    const am = await testI18n('am');
    expect(listingMessageText(am.t, 'Subcity is required')).toBe('ክፍለ ከተማ ያስፈልጋል');
    expect(listingMessageText(am.t, 'Something new')).toBe('Something new');
    const en = await testI18n('en');
    expect(listingMessageText(en.t, 'Bedrooms must be between 1 and 20')).toBe('Bedrooms must be between 1 and 20');
  });
});
