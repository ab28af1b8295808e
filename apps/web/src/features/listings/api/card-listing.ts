import type { ListingSource, ListingType } from '@betoch/contracts/constants';
import { cardPhotoRenditions, tintDataUrl } from '@betoch/contracts/card-photo';
import type { TCardPhoto, TListingCard } from '@betoch/contracts/listings';
import type { TPhoto } from '@betoch/contracts/uploads';

/**
 * What a listing card shows: a browse card (mapped by toCardListing), or one of the owner's own
 * listings as my-listings answers it (which already has this shape).
 */
export interface CardListing {
  _id: string;
  /** Show with useListingTitle (lib/listing-title.ts): a generated title is composed in the reader's language. */
  title: string;
  title_generated?: boolean;
  type: ListingType;
  price_etb: number;
  bedrooms: number | null;
  bathrooms: number | null;
  area_sqm: number | null;
  specific_location: string | null;
  subcity: string;
  source: ListingSource;
  photos: TPhoto[];
  visibility?: 'live' | 'draft' | 'expired';
  /** The poster is verified with Fayda: the badge. */
  poster_verified?: true;
}

/**
 * A browse card's short photo as the full photo the image component takes: every rendition's URL
 * built from the key and widths, heights in the largest one's proportion, and the tint as the
 * blurred placeholder (none without a tint).
 */
export function photoFromCard(photo: TCardPhoto): TPhoto {
  const sizes = cardPhotoRenditions(photo);
  return {
    url: sizes[sizes.length - 1]!.url,
    key: photo.key,
    width: photo.width,
    height: photo.height,
    sizes,
    placeholder: photo.tint ? tintDataUrl(photo.tint) : '',
  };
}

/** A browse card as the card component takes it: facts not given are null again. */
export function toCardListing(card: TListingCard): CardListing {
  return {
    _id: card._id,
    title: card.title,
    title_generated: card.title_generated ?? false,
    type: card.type,
    price_etb: card.price_etb,
    bedrooms: card.bedrooms ?? null,
    bathrooms: card.bathrooms ?? null,
    area_sqm: card.area_sqm ?? null,
    specific_location: card.specific_location ?? null,
    subcity: card.subcity,
    source: card.source,
    photos: card.photos.map(photoFromCard),
    ...(card.poster_verified ? { poster_verified: true as const } : {}),
  };
}
