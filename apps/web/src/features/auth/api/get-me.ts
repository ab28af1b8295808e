import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeAnswer, TUser } from '@betoch/contracts/auth';
import { apiRequest } from '@/lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

export async function getMe(): Promise<TUser> {
  const { ok: _ok, ...user } = await apiRequest<TMeAnswer>('/auth/me');
  return user;
}

export function meQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe, enabled, staleTime: 30_000, retry: false });
}

export function useMe(enabled: boolean) {
  return useQuery(meQueryOptions(enabled));
}
