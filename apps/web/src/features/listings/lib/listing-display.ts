import { formatDate as formatCalendarDate } from '@/lib/format-date';
import type { ListingType, UserType } from '@betoch/contracts/constants';
import type { TUser } from '@betoch/contracts/auth';

/** Translation key of a type: condo and condominium are the same home to a tenant. */
export function typeKey(type: ListingType): string {
  return type === 'condo' ? 'condominium' : type;
}

export type ListingFact =
  | { kind: 'type'; type: string }
  | { kind: 'studio' }
  | { kind: 'bedrooms'; count: number }
  | { kind: 'bathrooms'; count: number }
  | { kind: 'area'; sqm: number };

/**
 * The facts a card and the detail page show, in order: type; bedrooms (0 = studio, said once
 * when the type is already studio); bathrooms; area. Facts the poster left out are not shown.
 */
export function listingFacts(listing: { type: ListingType; bedrooms: number | null; bathrooms: number | null; area_sqm: number | null }): ListingFact[] {
  const facts: ListingFact[] = [{ kind: 'type', type: typeKey(listing.type) }];
  if (listing.bedrooms === 0) {
    if (listing.type !== 'studio') facts.push({ kind: 'studio' });
  } else if (listing.bedrooms !== null && listing.bedrooms > 0) {
    facts.push({ kind: 'bedrooms', count: listing.bedrooms });
  }
  if (listing.bathrooms !== null && listing.bathrooms > 0) facts.push({ kind: 'bathrooms', count: listing.bathrooms });
  if (listing.area_sqm !== null && listing.area_sqm > 0) facts.push({ kind: 'area', sqm: listing.area_sqm });
  return facts;
}

/**
 * The owner of a listing sees the manage panel (the user's sub equals the
 * listing's poster_phone). Only the poster and admins receive poster_phone at all.
 */
export function isListingOwner(listing: { poster_phone?: string }, user: Pick<TUser, 'phone' | 'sub'> | null): boolean {
  if (!user || !listing.poster_phone) return false;
  return listing.poster_phone === user.phone || listing.poster_phone === user.sub;
}

/** The stored user type wins (it can be set in this browser); else the account's. */
export function effectiveUserType(userType: UserType | null, user: Pick<TUser, 'userType'> | null): UserType | null {
  if (!user) return null;
  return userType ?? user.userType ?? 'tenant';
}

/** A calendar date in the interface language and calendar: 'November 22, 2026' / '13 ኅዳር 2019 ዓ.ም.'. */
export function formatDate(iso: string, language: string, marketDay = false): string {
  return formatCalendarDate(iso, language, 'long', { marketDay });
}
