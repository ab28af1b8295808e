import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/test-i18n';
import { wizardMessageText } from './listing-message';
import { EMPTY_WIZARD_VALUES, firstStepWithError, stepsWithErrors, stripPhone, toCreatePayload, wizardSchema, type WizardValues } from './wizard-schema';

const valid: WizardValues = {
  ...EMPTY_WIZARD_VALUES,
  type: 'house',
  subcity: 'Bole',
  specific_location: '  Near Edna Mall ',
  bedrooms: '3',
  bathrooms: '2',
  area_sqm: '120',
  description: '  Quiet compound with water tank. ',
  price_etb: '25,000',
  photos: 1,
};

/** The texts the wizard shows for these values, by field (the first error of each), in a language. */
async function texts(values: WizardValues, { verify = false, lng = 'en' as 'en' | 'am' } = {}): Promise<Record<string, string>> {
  const { t } = await testI18n(lng);
  const result = wizardSchema(verify).safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= wizardMessageText(t, issue.message) ?? issue.message;
  return out;
}

function payload(values: WizardValues) {
  return toCreatePayload(wizardSchema(false).parse(values));
}

describe('the wizard checks the listing with the contract, in its own words', () => {
  it('answers its texts for an empty form, in English and Amharic', async () => {
    expect(await texts(EMPTY_WIZARD_VALUES)).toEqual({
      type: 'Property type is required',
      subcity: 'Location/subcity is required',
      description: 'Property description is required',
      price_etb: 'Valid price is required',
      bedrooms: 'Valid bedroom count is required',
      photos: 'Add at least one photo',
    });
    expect(await texts(EMPTY_WIZARD_VALUES, { lng: 'am' })).toMatchObject({ subcity: 'አካባቢ/ክፍለ ከተማ ያስፈልጋል', price_etb: 'ትክክለኛ ዋጋ ያስገቡ' });
  });

  it('accepts a complete form; a studio needs no other bedroom count', async () => {
    expect(await texts(valid)).toEqual({});
    expect(await texts({ ...valid, type: 'studio', bedrooms: 'studio' })).toEqual({});
  });

  it('refuses a price that is not a positive number, a blank description and an area that is not one', async () => {
    for (const price_etb of ['abc', '0', '-100', '', '12abc']) {
      expect(await texts({ ...valid, price_etb })).toEqual({ price_etb: 'Valid price is required' });
    }
    expect(await texts({ ...valid, description: '   ' })).toEqual({ description: 'Property description is required' });
    expect(await texts({ ...valid, area_sqm: '1.5e3' })).toEqual({ area_sqm: 'Area must be a valid positive number' });
  });

  it('refuses an advance above two months (the rent law), a broken deposit and a share outside 1 to 100 percent', async () => {
    expect(await texts({ ...valid, advance_months: '3' })).toEqual({
      advance_months: 'The rent law (Proclamation No. 1320/2024) allows at most two months of advance rent',
    });
    expect(await texts({ ...valid, advance_months: '1.5' })).toEqual({ advance_months: 'Advance must be a whole number of months (0, 1 or 2)' });
    expect(await texts({ ...valid, advance_months: '2', deposit_etb: 'a lot' })).toEqual({ deposit_etb: 'Deposit must be a valid amount in birr' });
    expect(await texts({ ...valid, broker_fee_mode: 'percent', broker_fee_percent: '150' })).toEqual({
      broker_fee_percent: "Broker fee share must be between 1 and 100 percent of one month's rent",
    });
  });

  it('refuses a subcity outside the list', async () => {
    expect(await texts({ ...valid, subcity: 'Piassa' })).toEqual({ subcity: 'Location/subcity is required' });
  });
});

describe('phone verification of the welcome wizard', () => {
  it('needs phone, code, name and the Terms accepted; spaces in the phone are fine', async () => {
    expect(await texts(valid, { verify: true })).toEqual({
      name: 'Name is required',
      phone: 'Phone number is required',
      code: 'Verification code is required',
      acceptTerms: 'Please accept the Terms and the Privacy notice to publish.',
    });
    expect(stripPhone(' 0911 22 33 44 ')).toBe('0911223344');
    const filled = { ...valid, name: 'Abebe', phone: '0911 22 33 44', code: '123456' };
    expect(await texts({ ...filled, acceptTerms: true }, { verify: true })).toEqual({});
    expect(await texts(filled, { verify: true })).toEqual({ acceptTerms: 'Please accept the Terms and the Privacy notice to publish.' });
  });

  it('refuses a phone that cannot get a code, a code that is not 6 digits and a broken email', async () => {
    const values = { ...valid, name: 'Abebe', phone: '0111 23 45 67', code: '12345', email: 'abebe@', acceptTerms: true };
    expect(await texts(values, { verify: true })).toEqual({
      phone: 'Please enter a valid phone number.',
      code: 'The code has 6 digits',
      email: 'Please enter a valid email address',
    });
  });
});

describe('steps', () => {
  it('knows which steps hold an error and the first of them', () => {
    expect([...stepsWithErrors({ ...valid, price_etb: '', photos: 0, description: '' }, false)].sort()).toEqual([1, 2, 3]);
    expect(stepsWithErrors(valid, false).size).toBe(0);
    expect([...stepsWithErrors(valid, true)].sort()).toEqual([4, 5]);
    expect(firstStepWithError(['price_etb', 'photos', 'description'])).toBe(1);
    expect(firstStepWithError(['acceptTerms'])).toBe(5);
    expect(firstStepWithError([])).toBeNull();
  });
});

describe('create payload', () => {
  it('maps the type, sends the title as generated and trims the text', () => {
    expect(payload(valid)).toEqual({
      title: 'Villa in Bole',
      title_generated: true,
      description: 'Quiet compound with water tank.',
      type: 'villa',
      price_etb: 25000,
      bedrooms: 3,
      bathrooms: 2,
      area_sqm: 120,
      specific_location: 'Near Edna Mall',
      subcity: 'Bole',
      contact_preference: 'hide',
      advance_months: null,
      deposit_etb: null,
      broker_fee_etb: null,
      broker_fee_percent: null,
    });
  });

  it('sends the move-in cost: the advance, a deposit and a broker fee in birr or as a share', () => {
    expect(payload({ ...valid, advance_months: '2', deposit_etb: '10,000', broker_fee_etb: '5,000' })).toMatchObject({
      advance_months: 2,
      deposit_etb: 10000,
      broker_fee_etb: 5000,
      broker_fee_percent: null,
    });
    expect(payload({ ...valid, broker_fee_mode: 'percent', broker_fee_percent: '50' })).toMatchObject({ broker_fee_etb: null, broker_fee_percent: 50 });
  });

  it('sends a studio as an apartment with 0 bedrooms and leaves out what was not given', () => {
    const studio = payload({ ...valid, type: 'studio', bedrooms: '2', bathrooms: '', area_sqm: '', specific_location: ' ', contact_preference: 'show' });
    expect(studio).toMatchObject({
      title: 'Studio in Bole',
      title_generated: true,
      type: 'apartment',
      bedrooms: 0,
      bathrooms: null,
      area_sqm: null,
      specific_location: null,
      contact_preference: 'show',
    });
  });
});
