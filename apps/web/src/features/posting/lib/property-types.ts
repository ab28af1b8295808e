import { PROPERTY_TYPES_OFFERED, WIZARD_TYPE_MAP, type ListingType, type PropertyTypeOffered } from '@betoch/contracts/constants';
import { englishListingTitle, type TitledListing } from '@betoch/contracts/listing-title';

/** Bedroom choices of the wizard: studio, 1 to 4, or 5+. */
export const BEDROOM_CHOICES = ['studio', '1', '2', '3', '4', '5+'] as const;
export type BedroomChoice = (typeof BEDROOM_CHOICES)[number];

/** Bathroom choices of the wizard: 1 to 4+. */
export const BATHROOM_CHOICES = ['1', '2', '3', '4+'] as const;
export type BathroomChoice = (typeof BATHROOM_CHOICES)[number];

export function isPropertyType(value: unknown): value is PropertyTypeOffered {
  return typeof value === 'string' && (PROPERTY_TYPES_OFFERED as readonly string[]).includes(value);
}

/** 'studio' -> 0, '5+' -> 5, '2' -> 2; anything else is not a bedroom count. */
export function bedroomsFromChoice(choice: string): number | null {
  if (choice === 'studio') return 0;
  const m = /^(\d+)\+?$/.exec(choice.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** '4+' -> 4, '1' -> 1; empty or anything else: not given. */
export function bathroomsFromChoice(choice: string): number | null {
  return bedroomsFromChoice(choice === 'studio' ? '' : choice);
}

/**
 * An offered property type as stored: apartment -> apartment, house -> villa, studio -> apartment
 * with 0 bedrooms, villa -> villa, condominium -> condo. A studio always has 0 bedrooms, whatever
 * the bedroom count says; otherwise no count is null.
 */
export function storedType(propertyType: PropertyTypeOffered, bedrooms: number | null | undefined): { type: ListingType; bedrooms: number | null } {
  const mapped = WIZARD_TYPE_MAP[propertyType];
  return { type: mapped.type, bedrooms: mapped.studio ? 0 : (bedrooms ?? null) };
}

/** The wizard's property type and bedroom chip as stored (see storedType). */
export function toListingType(propertyType: PropertyTypeOffered, bedroomChoice: string): { type: ListingType; bedrooms: number | null } {
  return storedType(propertyType, bedroomsFromChoice(bedroomChoice));
}

/**
 * The wizard's listing title: '{Type} in {subcity}', generated, so each reader reads it in their
 * language ('Studio in Bole' / 'በቦሌ የሚገኝ ስቱዲዮ'), composed from the type as stored (a studio is an
 * apartment with 0 bedrooms and still reads 'Studio'; a house is stored as a villa and reads
 * 'Villa'). `title` is the English form the server keeps.
 */
export function generatedTitle(propertyType: PropertyTypeOffered, bedroomChoice: string, subcity: string): TitledListing {
  const { type, bedrooms } = toListingType(propertyType, bedroomChoice);
  const parts = { type, bedrooms, subcity: subcity.trim() };
  return { ...parts, title: englishListingTitle(parts), title_generated: true };
}
