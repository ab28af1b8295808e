import { freshnessCalls } from '@betoch/contracts/routes/freshness';
import { callApi } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { listingKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /listings/{id}/renew: an expired listing live again (a broker pays a post credit after 7 days). */
export async function renewListing(id: string) {
  const answer = await callApi(freshnessCalls.renewListing, { params: { id } });
  if (answer.post_credits !== undefined) emitAppEvent(APP_EVENTS.walletUpdated);
  return answer;
}

export function useRenewListing() {
  return useReloadingMutation(renewListing, [listingKeys.all]);
}
