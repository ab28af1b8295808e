import type { TUnlockRecord } from '@betoch/contracts/unlocks';

/** The badge of an unlock: it took a credit, or the tenant plan covered it. */
export function unlockBadgeKey(record: Pick<TUnlockRecord, 'used_credit'>): 'unlocks.usedCredit' | 'unlocks.unlimited' {
  return record.used_credit ? 'unlocks.usedCredit' : 'unlocks.unlimited';
}

/** A tel: link for a stored phone (E.164 like +251911223344): only digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The smallest rendition of the card photo (a thumbnail needs no more), or none. */
export function thumbnailOf(record: Pick<TUnlockRecord, 'listing'>): { url: string; width: number; height: number } | null {
  const photo = record.listing.photos[0];
  if (!photo) return null;
  const small = photo.sizes[0];
  return small ? { url: small.url, width: small.width, height: small.height } : { url: photo.url, width: photo.width, height: photo.height };
}
