import type { TPhoto } from '@betoch/contracts/uploads';
import type { StoredPhoto } from '../../db/schema/listings.ts';

/** Turns a storage file key into the URL browsers load it from. */
export type PhotoUrlFor = (fileKey: string) => string;

/** The photo as answered: the largest rendition is `url`; every rendition is in `sizes`. */
export function toPhotoAnswer(photo: StoredPhoto, urlFor: PhotoUrlFor): TPhoto {
  const largest = photo.sizes[photo.sizes.length - 1];
  return {
    url: largest ? urlFor(largest.key) : '',
    key: photo.key,
    width: photo.width,
    height: photo.height,
    sizes: photo.sizes.map((s) => ({ width: s.width, height: s.height, url: urlFor(s.key) })),
    placeholder: photo.placeholder,
  };
}
