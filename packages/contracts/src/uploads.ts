import { z } from 'zod';
import { okAnswer } from './common.ts';

/** Widths (px) of the WebP renditions made of every photo; never wider than the original. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/** One WebP rendition of a photo, for srcset: `${url} ${width}w`. */
export const ZPhotoSize = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});
export type TPhotoSize = z.infer<typeof ZPhotoSize>;

/**
 * A photo (url, key, width, height). `url` is the largest rendition; `sizes` lists
 * every rendition, smallest first; `placeholder` is a tiny blurred WebP data URL to show while the
 * real image loads. width/height are the stored (auto-rotated) largest rendition's.
 */
export const ZPhoto = z.object({
  url: z.string(),
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizes: z.array(ZPhotoSize),
  placeholder: z.string(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

/** POST /uploads (multipart form, one file in any field name) answers the stored photo. */
export const ZUploadAnswer = okAnswer(ZPhoto.shape);
export type TUploadAnswer = z.infer<typeof ZUploadAnswer>;

/** Image formats accepted, decided by decoding the content (not by name or header). */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
