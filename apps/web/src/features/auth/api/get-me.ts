import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeAnswer, TUser } from '@betoch/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** One cache entry per token: an answer for an ended session never reaches the next one. */
export const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

export async function getMe(): Promise<TUser> {
  const { ok: _ok, ...user } = await apiRequest<TMeAnswer>('/auth/me');
  return user;
}

export function meQueryOptions(token: string | null) {
  return queryOptions({ queryKey: meQueryKey(token), queryFn: getMe, enabled: Boolean(token), staleTime: 30_000, retry: false });
}

/** The signed-in user, refreshed from the server; off without a token. */
export function useMe(token: string | null) {
  return useQuery(meQueryOptions(token));
}
