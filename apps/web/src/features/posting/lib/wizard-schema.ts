import { z } from 'zod';
import type { ContactPreference, PropertyTypeOffered } from '@betoch/contracts/constants';
import { ZCodeInput, ZSignupFields } from '@betoch/contracts/auth';
import { englishListingTitle } from '@betoch/contracts/listing-title';
import { LISTING_MESSAGES, ZCreateListingRequest, type TCreateListingRequest } from '@betoch/contracts/listings';
import { ZOfferedType } from './draft-form-schema';
import { listingPayload } from './listing-payload';
import { bedroomsFromChoice, storedType, type BathroomChoice, type BedroomChoice } from './property-types';

/**
 * What the posting wizard's inputs hold, named as the contract names the listing's fields; photos
 * live in the photo queue beside it. `photos` is not an input: the resolver fills in how many the
 * queue holds, so the one schema also says 'add a photo'.
 */
export interface WizardValues {
  type: PropertyTypeOffered | '';
  subcity: string;
  specific_location: string;
  bedrooms: BedroomChoice | '';
  bathrooms: BathroomChoice | '';
  area_sqm: string;
  description: string;
  price_etb: string;
  advance_months: string;
  deposit_etb: string;
  /** Brokers only: the fee in birr or as a percent of one month's rent (one of the two fields). */
  broker_fee_mode: 'etb' | 'percent';
  broker_fee_etb: string;
  broker_fee_percent: string;
  contact_preference: ContactPreference;
  photos: number;
  /** The landlord welcome wizard only: who is signing up or in. */
  name: string;
  phone: string;
  email: string;
  code: string;
  /** The Terms and the Privacy notice accepted (a new phone gets an account on publish). */
  acceptTerms: boolean;
}

export type WizardField = keyof WizardValues;

export const EMPTY_WIZARD_VALUES: WizardValues = {
  type: '',
  subcity: '',
  specific_location: '',
  bedrooms: '',
  bathrooms: '',
  area_sqm: '',
  description: '',
  price_etb: '',
  advance_months: '',
  deposit_etb: '',
  broker_fee_mode: 'etb',
  broker_fee_etb: '',
  broker_fee_percent: '',
  contact_preference: 'hide',
  photos: 0,
  name: '',
  phone: '',
  email: '',
  code: '',
  acceptTerms: false,
};

export const WIZARD_STEP_COUNT = 5;
export type WizardStep = 1 | 2 | 3 | 4 | 5;

/** The fields each step shows: the Next button checks the step it leaves, an error takes the poster back to its step. */
export const STEP_FIELDS: Record<WizardStep, readonly WizardField[]> = {
  1: ['type', 'subcity', 'specific_location', 'bedrooms', 'bathrooms', 'area_sqm', 'description'],
  2: ['price_etb', 'advance_months', 'deposit_etb', 'broker_fee_mode', 'broker_fee_etb', 'broker_fee_percent'],
  3: ['photos'],
  4: ['contact_preference', 'name', 'email'],
  5: ['phone', 'code', 'acceptTerms'],
};

const STEP_OF_FIELD = Object.fromEntries(
  (Object.entries(STEP_FIELDS) as [string, readonly WizardField[]][]).flatMap(([step, fields]) => fields.map((f) => [f, Number(step) as WizardStep])),
) as Record<WizardField, WizardStep>;

/** A chip ('studio', '2', '5+') as the count the contract reads; no choice is 'not given'. */
function countOfChoice(choice: unknown): unknown {
  return typeof choice === 'string' ? (bedroomsFromChoice(choice) ?? undefined) : choice;
}

const listing = ZCreateListingRequest.shape;

/**
 * The listing as the wizard asks it: the contract's field schemas, with the type one of the five
 * offered, bedrooms and bathrooms read from their chips, and bedrooms required (choosing a studio
 * chooses its bedroom chip).
 */
const ZWizardListing = ZCreateListingRequest.pick({
  subcity: true,
  specific_location: true,
  area_sqm: true,
  description: true,
  price_etb: true,
  advance_months: true,
  deposit_etb: true,
  broker_fee_etb: true,
  broker_fee_percent: true,
  contact_preference: true,
}).extend({
  type: ZOfferedType,
  bedrooms: z.preprocess(countOfChoice, listing.bedrooms).refine((n) => n !== undefined && n !== null, LISTING_MESSAGES.bedroomsRange),
  bathrooms: z.preprocess(countOfChoice, listing.bathrooms),
  broker_fee_mode: z.enum(['etb', 'percent']),
  photos: z.number().min(1, 'photosRequired'),
});

/** The welcome wizard also signs the landlord up or in: the signup contract's fields. */
// The wizard signs up with the SMS code always (the signup form's Telegram ticket is not offered here).
const ZWizardWithVerification = ZWizardListing.extend({
  ...ZSignupFields.pick({ name: true, email: true, phone: true, acceptTerms: true }).shape,
  code: ZCodeInput,
});

export type WizardOutput = z.output<typeof ZWizardListing>;

/** The wizard's schema: the listing, and with `verify` the phone, code, name, email and the Terms. */
export function wizardSchema(verify: boolean): typeof ZWizardListing | typeof ZWizardWithVerification {
  return verify ? ZWizardWithVerification : ZWizardListing;
}

/** The steps that hold an error now (a step is done once seen with nothing left to fix). */
export function stepsWithErrors(values: WizardValues, verify: boolean): Set<WizardStep> {
  const result = wizardSchema(verify).safeParse(values);
  if (result.success) return new Set();
  return new Set(result.error.issues.map((issue) => STEP_OF_FIELD[issue.path[0] as WizardField]).filter(Boolean));
}

/** The first step holding one of these errors, to go back to it; null when there is none. */
export function firstStepWithError(fields: readonly string[]): WizardStep | null {
  const steps = fields.map((f) => STEP_OF_FIELD[f as WizardField]).filter(Boolean);
  return steps.length ? (Math.min(...steps) as WizardStep) : null;
}

/** The wizard strips whitespace from the phone. */
export function stripPhone(phone: string): string {
  return phone.replace(/\s+/g, '');
}

/** The create payload from the checked form: the listing fields, the title generated, a broker's fee in its unit. */
export function toCreatePayload(values: WizardOutput): TCreateListingRequest {
  return {
    title: englishListingTitle({ ...storedType(values.type, values.bedrooms), subcity: values.subcity }),
    title_generated: true,
    ...listingPayload(values),
    // The server keeps a fee only on a broker's listing.
    broker_fee_etb: values.broker_fee_mode === 'etb' ? (values.broker_fee_etb ?? null) : null,
    broker_fee_percent: values.broker_fee_mode === 'percent' ? (values.broker_fee_percent ?? null) : null,
  };
}
