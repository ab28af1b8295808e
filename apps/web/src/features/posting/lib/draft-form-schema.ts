import { z } from 'zod';
import { BEDROOMS_MAX, BEDROOMS_MIN, PROPERTY_TYPES_OFFERED, type PropertyTypeOffered } from '@betoch/contracts/constants';
import { LISTING_MESSAGES, ZCreateListingRequest, type TCreateListingRequest, type TListing } from '@betoch/contracts/listings';
import { listingPayload } from './listing-payload';

function blankToUndefined(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim().replace(/[,\s]/g, '');
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : value;
}

/** The type as both posting forms ask it: one of the five offered (mapped to a stored type on sending). */
export const ZOfferedType = z.enum(PROPERTY_TYPES_OFFERED, { error: LISTING_MESSAGES.typeRequired });

/**
 * The owner page's details form: the create payload of the contracts, with the type one of the
 * five offered and bedrooms, when given, a whole number from 1 to 20. The messages are the
 * contracts'.
 */
export const ZDraftForm = ZCreateListingRequest.extend({
  type: ZOfferedType,
  bedrooms: z.preprocess(
    blankToUndefined,
    z
      .number({ error: LISTING_MESSAGES.bedroomsRange })
      .int(LISTING_MESSAGES.bedroomsRange)
      .min(BEDROOMS_MIN, LISTING_MESSAGES.bedroomsRange)
      .max(BEDROOMS_MAX, LISTING_MESSAGES.bedroomsRange)
      .optional(),
  ),
});

/** What the inputs hold: text everywhere, as typed. */
export interface DraftFormValues {
  title: string;
  description: string;
  type: PropertyTypeOffered | '';
  price_etb: string;
  bedrooms: string;
  bathrooms: string;
  area_sqm: string;
  specific_location: string;
  subcity: string;
  contact_preference: 'hide' | 'show';
  /** Move-in cost: months of advance rent (at most 2 by law) and a deposit in birr. */
  advance_months: string;
  deposit_etb: string;
}

export type DraftFormOutput = z.output<typeof ZDraftForm>;

export const EMPTY_DRAFT_FORM: DraftFormValues = {
  title: '',
  description: '',
  type: '',
  price_etb: '',
  bedrooms: '',
  bathrooms: '',
  area_sqm: '',
  specific_location: '',
  subcity: '',
  contact_preference: 'hide',
  advance_months: '',
  deposit_etb: '',
};

/**
 * A stored listing's type as one of the offered five: 'condo' is the condominium choice and an
 * apartment with 0 bedrooms is a studio (the reverse of the type mapping).
 */
export function offeredTypeOf(type: TListing['type'], bedrooms: number | null): PropertyTypeOffered {
  if (type === 'condo') return 'condominium';
  if (type === 'apartment' && bedrooms === 0) return 'studio';
  return type;
}

/** An existing listing in the form, for editing. A studio's 0 bedrooms is left blank (the form asks 1 to 20). */
export function draftFormFromListing(listing: TListing): DraftFormValues {
  const text = (n: number | null) => (n === null || n === undefined ? '' : String(n));
  return {
    title: listing.title,
    description: listing.description,
    type: offeredTypeOf(listing.type, listing.bedrooms),
    price_etb: String(listing.price_etb),
    bedrooms: listing.bedrooms ? String(listing.bedrooms) : '',
    bathrooms: text(listing.bathrooms),
    area_sqm: text(listing.area_sqm),
    specific_location: listing.specific_location ?? '',
    subcity: listing.subcity,
    contact_preference: listing.contact_preference,
    advance_months: text(listing.advance_months),
    deposit_etb: text(listing.deposit_etb),
  };
}

/** The payload of a valid form (the title as typed, the rest as listingPayload sends it). */
export function draftPayload(values: DraftFormOutput): TCreateListingRequest {
  return { title: values.title, ...listingPayload(values) };
}
