import type { CSSProperties } from 'react';
import type { TPhoto } from '@betoch/contracts/uploads';

export interface ResponsivePhotoProps {
  photo: TPhoto;
  alt: string;
  /** The `sizes` attribute: how wide the photo is shown, so the phone picks the smallest file. */
  sizes: string;
  /** Above the fold (the first photo of a page): loaded at once with high priority. */
  priority?: boolean;
  className?: string;
  /** How the photo fills its box: 'cover' for cards and thumbnails, 'contain' for the viewer. */
  fit?: 'cover' | 'contain';
}

/** `url 320w, url 640w, ...` from the photo's renditions (smallest first). */
export function photoSrcSet(photo: Pick<TPhoto, 'sizes' | 'url' | 'width'>): string {
  const sizes = photo.sizes.length ? photo.sizes : [{ url: photo.url, width: photo.width }];
  return sizes.map((s) => `${s.url} ${s.width}w`).join(', ');
}

/** The smallest rendition at least `minWidth` wide (or the largest there is): the fallback src. */
export function photoUrlFor(photo: Pick<TPhoto, 'sizes' | 'url'>, minWidth: number): string {
  const fitting = photo.sizes.find((s) => s.width >= minWidth);
  return fitting?.url ?? photo.sizes[photo.sizes.length - 1]?.url ?? photo.url;
}

/**
 * A listing photo: WebP renditions through srcset/sizes, width and height set so the page does
 * not jump, lazy below the fold, and the tiny blurred placeholder as background until it loads.
 */
export function ResponsivePhoto({ photo, alt, sizes, priority = false, className, fit = 'cover' }: ResponsivePhotoProps) {
  const style: CSSProperties = {
    backgroundImage: photo.placeholder ? `url("${photo.placeholder}")` : undefined,
    backgroundSize: fit,
    backgroundRepeat: 'no-repeat',
    backgroundPosition: 'center',
    objectFit: fit,
    width: '100%',
    height: '100%',
  };
  return (
    <img
      className={className}
      src={photoUrlFor(photo, 640)}
      srcSet={photoSrcSet(photo)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      style={style}
    />
  );
}
