import type { TUpdateListingRequest } from '@betoch/contracts/listings';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import { callApi } from '@/lib/api-client';

/**
 * PATCH /listings/{id}: edits fields, sets the ordered photo keys (first = primary), or
 * visibility 'draft' (the owner marks a live listing as rented).
 */
export function updateListing(id: string, body: TUpdateListingRequest) {
  return callApi(listingsCalls.updateListing, { params: { id }, body });
}
