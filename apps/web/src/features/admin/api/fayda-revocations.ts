import { useQuery } from '@tanstack/react-query';
import type { TFaydaRevocationRequest } from '@betoch/contracts/fayda';
import { faydaCalls } from '@betoch/contracts/routes/fayda';
import { callAdmin } from '@/lib/api-client';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';
import type { ReviewInput } from './payments';

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
  return useReloadingMutation((body: TFaydaRevocationRequest) => callAdmin(faydaCalls.requestFaydaRevocation, { body }), [faydaRevocationsKey], {
    settled: true,
  });
}

/** POST …/revocations/{id}/approve or /reject {notes}; the list and the cases (the poster's Fayda line) reload. */
export function useReviewFaydaRevocation() {
  return useReloadingMutation(
    ({ id, decision, notes }: ReviewInput) =>
      callAdmin(decision === 'approve' ? faydaCalls.approveFaydaRevocation : faydaCalls.rejectFaydaRevocation, {
        params: { id },
        body: notes ? { notes } : {},
      }),
    [faydaRevocationsKey, ['admin', 'cases']],
    { settled: true },
  );
}
