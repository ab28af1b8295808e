import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDuplicateDecisionAnswer, TDuplicatesAnswer } from '@betoch/contracts/admin';
import { adminRequest } from '@/lib/api-client';

type Clusters = TDuplicatesAnswer['data'];
type Decision = TDuplicateDecisionAnswer['data'];

export const duplicatesKey = ['admin', 'duplicates'] as const;

/** GET /admin/moderation/duplicates: the clusters awaiting review. */
export function useDuplicateClusters() {
  return useQuery({
    queryKey: duplicatesKey,
    queryFn: ({ signal }) => adminRequest<Clusters>('/admin/moderation/duplicates', { signal }),
  });
}

export type ClusterDecision = { kind: 'merge'; clusterId: string; primaryListingId: string } | { kind: 'dismiss' | 'remove'; clusterId: string };

/** Merge (keep the primary, hide the rest), dismiss (false positive) or remove (hide all); the list reloads. */
export function useClusterDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ClusterDecision) => {
      const base = `/admin/moderation/duplicates/${encodeURIComponent(decision.clusterId)}`;
      return decision.kind === 'merge'
        ? adminRequest<Decision>(`${base}/merge`, { method: 'POST', body: { primaryListingId: decision.primaryListingId } })
        : adminRequest<Decision>(`${base}/${decision.kind}`, { method: 'POST' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: duplicatesKey }),
  });
}
