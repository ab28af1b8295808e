import { ZId } from '@betoch/contracts/common';
import type { ListingRow } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';

/** Who may manage a listing, and the one answer everyone else gets (it does not exist). */

export function notFound(): AppError {
  return new AppError('not_found', 'Listing not found.');
}

/** The poster or an admin may manage a listing; everyone else is told it does not exist. */
export function managerAccess(user: AuthUser, listing: Pick<ListingRow, 'posterId'>): 'poster' | 'admin' | null {
  if (listing.posterId === user.id) return 'poster';
  return user.isAdmin ? 'admin' : null;
}

/** The listing when `user` may manage it (its poster or an admin); 404 for anyone else, and for none. */
export function requireListingManager<T extends { listing: Pick<ListingRow, 'posterId'> }>(user: AuthUser, found: T | undefined): T {
  if (!found || !managerAccess(user, found.listing)) throw notFound();
  return found;
}

/** Only UUIDs reach the database; anything else is a listing that does not exist. */
export function listingIdOrThrow(id: string): string {
  if (!ZId.safeParse(id).success) throw notFound();
  return id.toLowerCase();
}
