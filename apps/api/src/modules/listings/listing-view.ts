import type { TListingCard, TOwnerListing, TPostedBy, TPublicListing } from '@betoch/contracts/listings';
import type { ListingRow } from '../../db/schema/listings.ts';
import { toPhotoAnswer, type PhotoUrlFor } from '../uploads/photo-view.ts';
import type { ListingRead, PosterInfo } from './listing-with-poster.ts';
import type { BrowseRow } from './listing-rows.ts';
import { maskPostedBy, publicListingText, publicSpecificLocation, publicTitle } from './listing-text-masking.ts';

function postedBy(source: ListingRow['source'], poster: PosterInfo): TPostedBy {
  const isBroker = source === 'delala';
  // A poster verified with Fayda is shown by the verified name.
  const verified = poster.faydaVerifiedAt !== null;
  return {
    name: (verified ? poster.faydaName : null) ?? poster.name,
    agency_name: isBroker ? poster.agencyName : null,
    is_broker: isBroker,
    ...(verified ? { verified: true as const } : {}),
  };
}

function commonFields(listing: ListingRead, poster: PosterInfo, urlFor: PhotoUrlFor) {
  return {
    _id: listing.id,
    title: listing.title,
    title_generated: listing.titleGenerated,
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
    posted_by: postedBy(listing.source, poster),
    published_at: listing.publishedAt?.toISOString() ?? null,
    confirmed_at: listing.confirmedAt?.toISOString() ?? null,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    advance_months: listing.advanceMonths,
    deposit_etb: listing.depositEtb,
    broker_fee_etb: listing.source === 'delala' ? listing.brokerFeeEtb : null,
    broker_fee_percent: listing.source === 'delala' ? listing.brokerFeePercent : null,
  };
}

/**
 * For anyone but the poster and admins: no phone (the public schema has no such field either), and
 * the free text as stored masked when written, the poster's names masked (listing-text-masking.ts).
 */
export function toPublicListing(listing: ListingRead, poster: PosterInfo, urlFor: PhotoUrlFor): TPublicListing {
  const common = commonFields(listing, poster, urlFor);
  return { ...common, ...publicListingText(listing), posted_by: maskPostedBy(common.posted_by), access: 'public' as const };
}

/** For the poster and admins only. */
export function toOwnerListing(listing: ListingRead, poster: PosterInfo, access: 'poster' | 'admin', urlFor: PhotoUrlFor): TOwnerListing {
  return {
    ...commonFields(listing, poster, urlFor),
    access,
    poster_phone: poster.phone,
    admin_hidden: listing.adminHidden,
    hidden_reason: listing.hiddenReason,
    confirm_asked_at: listing.confirmAskedAt?.toISOString() ?? null,
    expired_at: listing.expiredAt?.toISOString() ?? null,
    expired_reason: listing.expiredReason,
  };
}

/**
 * A browse card: what the card shows and nothing else (a page of 20 stays small on 3G), the primary photo in its short
 * form with its tint (./card-tint.ts). Browse is public (and the same for everyone): the text is
 * always the masked form stored with it.
 */
export function toListingCard(row: BrowseRow, tint: string | null): TListingCard {
  const card: TListingCard = {
    _id: row.id,
    title: publicTitle(row),
    ...(row.titleGenerated ? { title_generated: true as const } : {}),
    type: row.type,
    price_etb: row.priceEtb,
    subcity: row.subcity,
    source: row.source,
    photos: [],
    photo_count: row.photoCount,
    ...(row.posterVerified ? { poster_verified: true as const } : {}),
  };
  if (row.bedrooms !== null) card.bedrooms = row.bedrooms;
  if (row.bathrooms !== null) card.bathrooms = row.bathrooms;
  if (row.areaSqm !== null) card.area_sqm = row.areaSqm;
  const location = publicSpecificLocation(row);
  if (location !== null) card.specific_location = location;
  const cover = row.coverPhoto;
  if (cover) {
    card.photos.push({ key: cover.key, width: cover.width, height: cover.height, widths: cover.widths, ...(tint ? { tint } : {}) });
  }
  return card;
}
