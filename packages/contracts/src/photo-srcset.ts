/**
 * A photo's srcset: every rendition with its width, or the stored file alone when it has none.
 * The image component and the server's preload of a page's first photo write the same, so the
 * phone fetches the file once. Its own file: the listing page's first load needs this and not the
 * card photo's tint code (./card-photo.ts).
 */
export function photoSrcSet(photo: { url: string; width: number; sizes: ReadonlyArray<{ url: string; width: number }> }): string {
  const sizes = photo.sizes.length ? photo.sizes : [{ url: photo.url, width: photo.width }];
  return sizes.map((s) => `${s.url} ${s.width}w`).join(', ');
}
