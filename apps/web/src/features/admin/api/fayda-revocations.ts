import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFaydaRevocationRequest } from '@betoch/contracts/fayda';
import { faydaCalls } from '@betoch/contracts/routes/fayda';
import { callAdmin } from '@/lib/api-client';

export const faydaRevocationsKey = ['admin', 'fayda', 'revocations'] as const;

/** GET /admin/fayda/revocations: pending (oldest first) and decided in the last 30 days. */
export function useFaydaRevocations() {
  return useQuery({
    queryKey: faydaRevocationsKey,
    queryFn: ({ signal }) => callAdmin(faydaCalls.listFaydaRevocations, {}, { signal }),
  });
}

/** POST /admin/fayda/revocations {phone, reason}: pending until a second admin approves it. */
export function useRequestFaydaRevocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFaydaRevocationRequest) => callAdmin(faydaCalls.requestFaydaRevocation, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: faydaRevocationsKey }),
  });
}

export interface FaydaReviewInput {
  id: string;
  decision: 'approve' | 'reject';
  notes?: string;
}

/** POST …/revocations/{id}/approve or /reject {notes}; the list and the cases (the poster's Fayda line) reload. */
export function useReviewFaydaRevocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, notes }: FaydaReviewInput) =>
      callAdmin(decision === 'approve' ? faydaCalls.approveFaydaRevocation : faydaCalls.rejectFaydaRevocation, {
        params: { id },
        body: notes ? { notes } : {},
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: faydaRevocationsKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'cases'] }),
      ]);
    },
  });
}
