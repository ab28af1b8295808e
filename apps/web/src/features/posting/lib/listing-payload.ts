import type { ContactPreference, PropertyTypeOffered } from '@betoch/contracts/constants';
import type { TCreateListingRequest } from '@betoch/contracts/listings';
import { storedType } from './property-types';

/** The listing fields both posting forms ask, as their schemas answer them once checked. */
export interface CheckedListingFields {
  type: PropertyTypeOffered;
  description: string;
  price_etb: number;
  bedrooms?: number | null;
  bathrooms?: number | null;
  area_sqm?: number | null;
  specific_location?: string | null;
  subcity: string;
  contact_preference: ContactPreference;
  advance_months?: number | null;
  deposit_etb?: number | null;
}

/**
 * Those fields as the create payload sends them: the offered type as stored (house -> villa,
 * studio -> apartment with 0 bedrooms, condominium -> condo) and what was not given as null.
 */
export function listingPayload(values: CheckedListingFields): Omit<TCreateListingRequest, 'title'> {
  const { type, bedrooms } = storedType(values.type, values.bedrooms);
  return {
    description: values.description,
    type,
    price_etb: values.price_etb,
    bedrooms,
    bathrooms: values.bathrooms ?? null,
    area_sqm: values.area_sqm ?? null,
    specific_location: values.specific_location ?? null,
    subcity: values.subcity,
    contact_preference: values.contact_preference,
    advance_months: values.advance_months ?? null,
    deposit_etb: values.deposit_etb ?? null,
  };
}
