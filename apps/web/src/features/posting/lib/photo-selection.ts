import { PHOTO_MAX_BYTES, PHOTOS_MAX } from '@betoch/contracts/constants';

/** Why a picked file is refused before any upload. */
export type PhotoRejection = 'notImage' | 'unsupportedImage' | 'tooLarge';

export interface PhotoSelection {
  /** Files to add, in the order picked. */
  accepted: File[];
  /** Files refused on the client, each with its reason. */
  rejected: { file: File; reason: PhotoRejection }[];
  /** Valid files left out because the manager is full. */
  dropped: number;
  /** How many could still be added before this pick: the N of 'Only N more photos can be added.' */
  room: number;
}

/** What the server reads (it checks the content again; this only saves a pointless upload). */
const SUPPORTED_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp']);
const SUPPORTED_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

export function rejectionOf(file: Pick<File, 'name' | 'type' | 'size'>): PhotoRejection | null {
  const type = file.type.toLowerCase();
  if (type) {
    if (!type.startsWith('image/')) return 'notImage';
    if (!SUPPORTED_TYPES.has(type)) return 'unsupportedImage';
  } else if (!SUPPORTED_EXTENSIONS.test(file.name)) {
    // Some phone pickers give no type: trust a photo's extension, refuse anything else.
    return 'notImage';
  }
  if (file.size > PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * The photo manager's rule: images only, up to 10 MB each, at most 8 in all.
 * Invalid files are refused with a reason; of the valid ones, those beyond the room left are
 * dropped (the caller shows 'Only N more photos can be added.').
 */
export function selectPhotos(currentCount: number, files: readonly File[], max: number = PHOTOS_MAX): PhotoSelection {
  const room = Math.max(0, max - currentCount);
  const accepted: File[] = [];
  const rejected: PhotoSelection['rejected'] = [];
  let dropped = 0;
  for (const file of files) {
    const reason = rejectionOf(file);
    if (reason) rejected.push({ file, reason });
    else if (accepted.length < room) accepted.push(file);
    else dropped += 1;
  }
  return { accepted, rejected, dropped, room };
}

/** Moves the item at `from` by `delta` places (clamped); a new array, the input is not changed. */
export function moveItem<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = Math.min(items.length - 1, Math.max(0, from + delta));
  if (from < 0 || from >= items.length || to === from) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
