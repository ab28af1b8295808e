import type { TCreateListingRequest } from '@betoch/contracts/listings';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import { callApi } from '@/lib/api-client';

/** POST /listings: creates a draft; the server picks the source from the poster's account. */
export function createListing(body: TCreateListingRequest) {
  return callApi(listingsCalls.createListing, { body });
}
