import type { TListingCard, TOwnerListing, TPostedBy, TPublicListing } from '@betoch/contracts/listings';
import type { ListingRow } from '../../db/schema/listings.ts';
import { toPhotoAnswer, type PhotoUrlFor } from '../uploads/photo-view.ts';
import type { BrowseRow, PosterInfo } from './listings.repository.ts';
import { maskListingAnswer } from './listing-text-masking.ts';

function postedBy(source: ListingRow['source'], name: string | null, agencyName: string | null): TPostedBy {
  const isBroker = source === 'delala';
  return { name, agency_name: isBroker ? agencyName : null, is_broker: isBroker };
}

function commonFields(listing: ListingRow, poster: PosterInfo, urlFor: PhotoUrlFor) {
  return {
    _id: listing.id,
    title: listing.title,
    description: listing.description,
    type: listing.type,
    price_etb: listing.priceEtb,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    area_sqm: listing.areaSqm,
    specific_location: listing.specificLocation,
    subcity: listing.subcity,
    source: listing.source,
    contact_preference: listing.contactPreference,
    visibility: listing.visibility,
    photos: listing.photos.map((p) => toPhotoAnswer(p, urlFor)),
    posted_by: postedBy(listing.source, poster.name, poster.agencyName),
    published_at: listing.publishedAt?.toISOString() ?? null,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
  };
}

/**
 * For anyone but the poster and admins: no phone (the public schema has no such field either), and
 * contact details written into the text masked (listing-text-masking.ts).
 */
export function toPublicListing(listing: ListingRow, poster: PosterInfo, urlFor: PhotoUrlFor): TPublicListing {
  return maskListingAnswer({ ...commonFields(listing, poster, urlFor), access: 'public' as const });
}

/** For the poster and admins only. */
export function toOwnerListing(
  listing: ListingRow,
  poster: PosterInfo,
  access: 'poster' | 'admin',
  urlFor: PhotoUrlFor,
): TOwnerListing {
  return {
    ...commonFields(listing, poster, urlFor),
    access,
    poster_phone: poster.phone,
    admin_hidden: listing.adminHidden,
    hidden_reason: listing.hiddenReason,
  };
}

/** Browse is public (and the same for everyone): contact details in the text are always masked. */
export function toListingCard(row: BrowseRow, urlFor: PhotoUrlFor): TListingCard {
  return maskListingAnswer({
    _id: row.id,
    title: row.title,
    type: row.type,
    price_etb: row.priceEtb,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    area_sqm: row.areaSqm,
    specific_location: row.specificLocation,
    subcity: row.subcity,
    source: row.source,
    photos: row.firstPhoto ? [toPhotoAnswer(row.firstPhoto, urlFor)] : [],
    photo_count: row.photoCount,
    posted_by: postedBy(row.source, row.posterName, row.posterAgencyName),
    published_at: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}
