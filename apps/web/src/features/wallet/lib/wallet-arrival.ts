import { SKUS, type Sku } from '@betoch/contracts/constants';
import { paths } from '@/config/paths';

/**
 * Why the user came to /wallet, from navigation state: from a listing they wanted to unlock
 * ({from: 'listing', listingId}), from a screen that wants them back afterwards ({returnTo,
 * returnAfterPurchase: true}, e.g. the chat), and a sku to outline ({highlightSku}).
 */
export interface WalletArrival {
  /** Set when the user arrives from a listing wanting to unlock: the 'Almost there!' banner. */
  listingId?: string;
  /** A path inside the app to go back to after a purchase. */
  returnTo?: string;
  highlightSku?: Sku;
}

/** A path inside this app ('/chat/1?x'); never another origin ('//evil', '/\\evil', 'https:'). */
export function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

export function readWalletArrival(state: unknown): WalletArrival {
  const s = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const arrival: WalletArrival = {};
  const listingId = typeof s.listingId === 'string' ? s.listingId.trim() : '';
  // The listing page says from: 'listing'; a page that passes its own path (/l/{id}) means the same.
  if (listingId && (s.from === 'listing' || s.from === paths.listing(listingId))) arrival.listingId = listingId;
  if (s.returnAfterPurchase === true && isLocalPath(s.returnTo)) arrival.returnTo = s.returnTo;
  if (typeof s.highlightSku === 'string' && (SKUS as readonly string[]).includes(s.highlightSku)) {
    arrival.highlightSku = s.highlightSku as Sku;
  }
  return arrival;
}

/**
 * Where a purchase sends the user: the carried return path when the state asked for it, else
 * back to the listing they came from; null to stay on /wallet.
 */
export function pathAfterPurchase(arrival: WalletArrival): string | null {
  if (arrival.returnTo) return arrival.returnTo;
  if (arrival.listingId) return paths.listing(arrival.listingId);
  return null;
}
