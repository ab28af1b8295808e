import { useQuery } from '@tanstack/react-query';
import { unlocksCalls } from '@betoch/contracts/routes/unlocks';
import { callApi } from '@/lib/api-client';

export const myUnlocksKey = ['unlocks', 'mine'] as const;

/** GET /listings/unlocked/my-unlocks: the caller's unlocked contacts, newest first. */
export function getMyUnlocks(signal?: AbortSignal) {
  return callApi(unlocksCalls.myUnlocks, {}, { signal });
}

/** Asked again each time the page opens: an unlock made on a listing page is there at once. */
export function useMyUnlocks() {
  return useQuery({ queryKey: myUnlocksKey, queryFn: ({ signal }) => getMyUnlocks(signal), refetchOnMount: 'always' });
}
