import type { TCreateListingRequest } from '@betoch/contracts/listings';
import { ADVANCE_MONTHS_MAX, OTP_LENGTH, SUBCITIES, type ContactPreference, type PropertyTypeOffered } from '@betoch/contracts/constants';
import { normalizePhone } from '@betoch/contracts/phone';
import { englishListingTitle } from '@betoch/contracts/listing-title';
import {
  bathroomsFromChoice,
  bedroomsFromChoice,
  isPropertyType,
  toListingType,
  type BathroomChoice,
  type BedroomChoice,
} from './property-types';

/** The wizard's form state (spec section 3); photos live in the photo queue beside it. */
export interface WizardForm {
  propertyType: PropertyTypeOffered | '';
  /** The subcity. */
  location: string;
  specificLocation: string;
  bedrooms: BedroomChoice | '';
  bathrooms: BathroomChoice | '';
  areaSqm: string;
  description: string;
  price: string;
  /** Move-in cost (issue 20): months of advance rent (at most 2 by law), a deposit in birr. */
  advanceMonths: string;
  depositEtb: string;
  /** Brokers only: their fee, in birr or as a percent of one month's rent. */
  brokerFeeMode: 'etb' | 'percent';
  brokerFee: string;
  contactPreference: ContactPreference;
  /** The landlord welcome wizard only: who is signing up or in. */
  name: string;
  phone: string;
  email: string;
  code: string;
  /** The Terms and the Privacy notice accepted (a new phone gets an account on publish). */
  acceptTerms: boolean;
}

export type WizardField = keyof WizardForm;

export const EMPTY_WIZARD_FORM: WizardForm = {
  propertyType: '',
  location: '',
  specificLocation: '',
  bedrooms: '',
  bathrooms: '',
  areaSqm: '',
  description: '',
  price: '',
  advanceMonths: '',
  depositEtb: '',
  brokerFeeMode: 'etb',
  brokerFee: '',
  contactPreference: 'hide',
  name: '',
  phone: '',
  email: '',
  code: '',
  acceptTerms: false,
};

/**
 * Validation keys of the landlord namespace ('validation.<key>'); the English texts are the
 * spec's: 'Property type is required', 'Location/subcity is required', 'Property description is
 * required', 'Valid price is required', 'Valid bedroom count is required'.
 */
export type WizardErrorKey =
  | 'typeRequired'
  | 'locationRequired'
  | 'descriptionRequired'
  | 'priceInvalid'
  | 'bedroomsInvalid'
  | 'areaInvalid'
  | 'advanceTooHigh'
  | 'advanceInvalid'
  | 'depositInvalid'
  | 'brokerFeeInvalid'
  | 'brokerFeePercentInvalid'
  | 'photosRequired'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'codeRequired'
  | 'codeInvalid'
  | 'nameRequired'
  | 'emailInvalid'
  | 'termsRequired';

export type WizardErrors = Partial<Record<WizardField | 'photos', WizardErrorKey>>;

export const WIZARD_STEP_COUNT = 5;
export type WizardStep = 1 | 2 | 3 | 4 | 5;

/** Which fields each step shows, so an error can take the poster back to its step. */
export const STEP_OF_FIELD: Record<WizardField | 'photos', WizardStep> = {
  propertyType: 1,
  location: 1,
  specificLocation: 1,
  bedrooms: 1,
  bathrooms: 1,
  areaSqm: 1,
  description: 1,
  price: 2,
  advanceMonths: 2,
  depositEtb: 2,
  brokerFeeMode: 2,
  brokerFee: 2,
  photos: 3,
  contactPreference: 4,
  name: 4,
  email: 4,
  phone: 5,
  code: 5,
  acceptTerms: 5,
};

/** '15,000' or '15 000' -> 15000; '' or 'abc' -> null. */
export function parseAmount(value: string): number | null {
  const cleaned = value.trim().replace(/[,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** The wizard strips whitespace from the phone (spec section 5). */
export function stripPhone(phone: string): string {
  return phone.replace(/\s+/g, '');
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The listing fields: what publishing needs (spec section 5, 'Wizard publish'). */
export function validateListingFields(form: WizardForm): WizardErrors {
  const errors: WizardErrors = {};
  if (!isPropertyType(form.propertyType)) errors.propertyType = 'typeRequired';
  if (!(SUBCITIES as readonly string[]).includes(form.location)) errors.location = 'locationRequired';
  if (!form.description.trim()) errors.description = 'descriptionRequired';
  if (form.propertyType !== 'studio' && bedroomsFromChoice(form.bedrooms) === null) errors.bedrooms = 'bedroomsInvalid';
  if (form.areaSqm.trim() && !((parseAmount(form.areaSqm) ?? 0) > 0)) errors.areaSqm = 'areaInvalid';
  const price = parseAmount(form.price);
  if (price === null || price < 1) errors.price = 'priceInvalid';
  // The rent law (Proclamation No. 1320/2024): at most two months of advance rent.
  if (form.advanceMonths.trim()) {
    const advance = parseAmount(form.advanceMonths);
    if (advance === null || !Number.isInteger(advance)) errors.advanceMonths = 'advanceInvalid';
    else if (advance > ADVANCE_MONTHS_MAX) errors.advanceMonths = 'advanceTooHigh';
  }
  if (form.depositEtb.trim() && parseAmount(form.depositEtb) === null) errors.depositEtb = 'depositInvalid';
  if (form.brokerFee.trim()) {
    const fee = parseAmount(form.brokerFee);
    if (form.brokerFeeMode === 'etb' && fee === null) errors.brokerFee = 'brokerFeeInvalid';
    if (form.brokerFeeMode === 'percent' && (fee === null || !Number.isInteger(fee) || fee < 1 || fee > 100)) errors.brokerFee = 'brokerFeePercentInvalid';
  }
  return errors;
}

/** A whole number typed in a field, or null when blank. */
function amountOrNull(value: string): number | null {
  const n = parseAmount(value);
  return n === null ? null : Math.round(n);
}

/** Step 5 of the welcome wizard: phone, code and name are required (spec section 5), and the Terms accepted. */
export function validateVerification(form: WizardForm, options: { needCode: boolean }): WizardErrors {
  const errors: WizardErrors = {};
  if (!form.name.trim()) errors.name = 'nameRequired';
  if (form.email.trim() && !EMAIL_PATTERN.test(form.email.trim())) errors.email = 'emailInvalid';
  const phone = stripPhone(form.phone);
  if (!phone) errors.phone = 'phoneRequired';
  else if (!normalizePhone(phone)) errors.phone = 'phoneInvalid';
  if (options.needCode) {
    const code = form.code.trim();
    if (!code) errors.code = 'codeRequired';
    else if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) errors.code = 'codeInvalid';
    if (!form.acceptTerms) errors.acceptTerms = 'termsRequired';
  }
  return errors;
}

/** The errors of one step only (the Next button checks the step it leaves). */
export function errorsOfStep(errors: WizardErrors, step: WizardStep): WizardErrors {
  const out: WizardErrors = {};
  for (const [field, key] of Object.entries(errors) as [keyof WizardErrors, WizardErrorKey][]) {
    if (STEP_OF_FIELD[field] === step) out[field] = key;
  }
  return out;
}

/** The first step holding an error, to go back to it; null when there is none. */
export function firstStepWithError(errors: WizardErrors): WizardStep | null {
  const steps = (Object.keys(errors) as (keyof WizardErrors)[]).map((f) => STEP_OF_FIELD[f]);
  return steps.length ? (Math.min(...steps) as WizardStep) : null;
}

/** The create payload of spec section 3, from a valid form. */
export function toCreatePayload(form: WizardForm): TCreateListingRequest {
  if (!isPropertyType(form.propertyType)) throw new Error('toCreatePayload needs a valid form');
  const { type, bedrooms } = toListingType(form.propertyType, form.bedrooms);
  const area = parseAmount(form.areaSqm);
  const specific = form.specificLocation.trim();
  return {
    title: englishListingTitle({ type, bedrooms, subcity: form.location }),
    title_generated: true,
    description: form.description.trim(),
    type,
    price_etb: parseAmount(form.price) ?? 0,
    bedrooms,
    bathrooms: bathroomsFromChoice(form.bathrooms),
    area_sqm: area && area > 0 ? Math.round(area) : null,
    specific_location: specific || null,
    subcity: form.location,
    contact_preference: form.contactPreference,
    advance_months: amountOrNull(form.advanceMonths),
    deposit_etb: amountOrNull(form.depositEtb),
    // The server keeps a fee only on a broker's listing.
    broker_fee_etb: form.brokerFeeMode === 'etb' ? amountOrNull(form.brokerFee) : null,
    broker_fee_percent: form.brokerFeeMode === 'percent' ? amountOrNull(form.brokerFee) : null,
  };
}
