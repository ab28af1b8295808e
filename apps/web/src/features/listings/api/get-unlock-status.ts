import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnlockStatus } from '@betoch/contracts/unlocks';
import { unlocksCalls } from '@betoch/contracts/routes/unlocks';
import { callApi } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** GET /listings/{id}/unlock-status: is_unlocked, and the poster's phone once the viewer unlocked it. */
export async function getUnlockStatus(id: string, signal?: AbortSignal): Promise<TUnlockStatus> {
  const answer = await callApi(unlocksCalls.unlockStatus, { params: { id } }, { signal });
  return answer.poster_phone ? { is_unlocked: answer.is_unlocked, poster_phone: answer.poster_phone } : { is_unlocked: answer.is_unlocked };
}

/** Per viewer: another account signed in on this browser has its own unlocks. */
export function unlockStatusKey(id: string, viewer: string) {
  return [...listingKeys.detail(id), 'unlock-status', viewer] as const;
}

export function unlockStatusQueryOptions(id: string, viewer: string) {
  return queryOptions({ queryKey: unlockStatusKey(id, viewer), queryFn: ({ signal }) => getUnlockStatus(id, signal) });
}

/** Asked only for a signed-in visitor who is not the poster (`viewer` null: not asked). */
export function useUnlockStatus(id: string, viewer: string | null) {
  return useQuery({ ...unlockStatusQueryOptions(id, viewer ?? ''), enabled: viewer !== null });
}
