import { describe, expect, it } from 'vitest';
import { enLandlord } from '../test/test-i18n';
import {
  EMPTY_WIZARD_FORM,
  errorsOfStep,
  firstStepWithError,
  parseAmount,
  stripPhone,
  toCreatePayload,
  validateListingFields,
  validateVerification,
  type WizardForm,
} from './wizard-form';

const valid: WizardForm = {
  ...EMPTY_WIZARD_FORM,
  propertyType: 'house',
  location: 'Bole',
  specificLocation: '  Near Edna Mall ',
  bedrooms: '3',
  bathrooms: '2',
  areaSqm: '120',
  description: '  Quiet compound with water tank. ',
  price: '25,000',
};

function english(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, enLandlord.validation[key as keyof typeof enLandlord.validation]]));
}

describe('wizard publish validation (spec section 5)', () => {
  it('answers the spec texts for an empty form', () => {
    expect(english(validateListingFields(EMPTY_WIZARD_FORM))).toEqual({
      propertyType: 'Property type is required',
      location: 'Location/subcity is required',
      description: 'Property description is required',
      price: 'Valid price is required',
      bedrooms: 'Valid bedroom count is required',
    });
  });

  it('accepts a complete form', () => {
    expect(validateListingFields(valid)).toEqual({});
  });

  it('needs no bedroom count for a studio', () => {
    expect(validateListingFields({ ...valid, propertyType: 'studio', bedrooms: '' })).toEqual({});
  });

  it('refuses a price that is not a positive number, and a blank description', () => {
    for (const price of ['abc', '0', '-100', '', '12abc']) {
      expect(validateListingFields({ ...valid, price }).price).toBe('priceInvalid');
    }
    expect(validateListingFields({ ...valid, description: '   ' }).description).toBe('descriptionRequired');
  });

  it('refuses an advance above two months (the rent law), a broken deposit and a share outside 1 to 100 percent', () => {
    expect(validateListingFields({ ...valid, advanceMonths: '3' })).toEqual({ advanceMonths: 'advanceTooHigh' });
    expect(validateListingFields({ ...valid, advanceMonths: '1.5' })).toEqual({ advanceMonths: 'advanceInvalid' });
    expect(validateListingFields({ ...valid, advanceMonths: '2', depositEtb: 'a lot' })).toEqual({ depositEtb: 'depositInvalid' });
    expect(validateListingFields({ ...valid, brokerFeeMode: 'percent', brokerFee: '150' })).toEqual({ brokerFee: 'brokerFeePercentInvalid' });
    expect(errorsOfStep({ advanceMonths: 'advanceTooHigh' }, 2)).toEqual({ advanceMonths: 'advanceTooHigh' });
  });

  it('refuses a subcity outside the list', () => {
    expect(validateListingFields({ ...valid, location: 'Piassa' }).location).toBe('locationRequired');
  });

  it('reads prices written with separators', () => {
    expect(parseAmount('15,000')).toBe(15000);
    expect(parseAmount(' 8 500 ')).toBe(8500);
    expect(parseAmount('1.5e3')).toBeNull();
  });
});

describe('phone verification of the welcome wizard', () => {
  it('needs phone, code, name and the Terms accepted; strips spaces from the phone', () => {
    expect(validateVerification(EMPTY_WIZARD_FORM, { needCode: true })).toEqual({
      name: 'nameRequired',
      phone: 'phoneRequired',
      code: 'codeRequired',
      acceptTerms: 'termsRequired',
    });
    expect(stripPhone(' 0911 22 33 44 ')).toBe('0911223344');
    expect(validateVerification({ ...valid, name: 'Abebe', phone: '0911 22 33 44', code: '123456', acceptTerms: true }, { needCode: true })).toEqual({});
    expect(validateVerification({ ...valid, name: 'Abebe', phone: '0911 22 33 44', code: '123456' }, { needCode: true })).toEqual({ acceptTerms: 'termsRequired' });
  });

  it('refuses a phone that cannot get a code and a code that is not 6 digits', () => {
    const errors = validateVerification({ ...valid, name: 'Abebe', phone: '0111 23 45 67', code: '12345', acceptTerms: true }, { needCode: true });
    expect(errors).toEqual({ phone: 'phoneInvalid', code: 'codeInvalid' });
  });
});

describe('steps', () => {
  it('keeps the errors of one step and finds the first step with an error', () => {
    const errors = { price: 'priceInvalid', photos: 'photosRequired', description: 'descriptionRequired' } as const;
    expect(errorsOfStep(errors, 2)).toEqual({ price: 'priceInvalid' });
    expect(errorsOfStep(errors, 3)).toEqual({ photos: 'photosRequired' });
    expect(firstStepWithError(errors)).toBe(1);
    expect(firstStepWithError({})).toBeNull();
  });
});

describe('create payload (spec section 3)', () => {
  it('maps the type, sends the title as generated and trims the text', () => {
    expect(toCreatePayload(valid)).toEqual({
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
    expect(toCreatePayload({ ...valid, advanceMonths: '2', depositEtb: '10,000', brokerFee: '5,000' })).toMatchObject({
      advance_months: 2,
      deposit_etb: 10000,
      broker_fee_etb: 5000,
      broker_fee_percent: null,
    });
    expect(toCreatePayload({ ...valid, brokerFeeMode: 'percent', brokerFee: '50' })).toMatchObject({ broker_fee_etb: null, broker_fee_percent: 50 });
  });

  it('sends a studio as an apartment with 0 bedrooms and leaves out what was not given', () => {
    const payload = toCreatePayload({ ...valid, propertyType: 'studio', bedrooms: '2', bathrooms: '', areaSqm: '', specificLocation: ' ', contactPreference: 'show' });
    expect(payload).toMatchObject({ title: 'Studio in Bole', title_generated: true, type: 'apartment', bedrooms: 0, bathrooms: null, area_sqm: null, specific_location: null, contact_preference: 'show' });
  });
});
