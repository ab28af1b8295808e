import { useQuery } from '@tanstack/react-query';
import { duplicatesCalls } from '@betoch/contracts/routes/duplicates';
import { unreachable } from '@betoch/contracts/exhaustive';
import { callAdmin } from '@/lib/api-client';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

export const duplicatesKey = ['admin', 'duplicates'] as const;

/** GET /admin/moderation/duplicates: the clusters awaiting review. */
export function useDuplicateClusters() {
  return useQuery({
    queryKey: duplicatesKey,
    queryFn: ({ signal }) => callAdmin(duplicatesCalls.listClusters, {}, { signal }),
  });
}

export type ClusterDecision = { kind: 'merge'; clusterId: string; primaryListingId: string } | { kind: 'dismiss' | 'remove'; clusterId: string };

/** Merge (keep the primary, hide the rest), dismiss (false positive) or remove (hide all); the list reloads. */
export function useClusterDecision() {
  return useReloadingMutation(
    (decision: ClusterDecision) => {
      const params = { id: decision.clusterId };
      switch (decision.kind) {
        case 'merge':
          return callAdmin(duplicatesCalls.mergeCluster, { params, body: { primaryListingId: decision.primaryListingId } });
        case 'dismiss':
          return callAdmin(duplicatesCalls.dismissCluster, { params });
        case 'remove':
          return callAdmin(duplicatesCalls.removeCluster, { params });
        default:
          return unreachable(decision, 'cluster decision');
      }
    },
    [duplicatesKey],
    { settled: true },
  );
}
