import { useQuery } from '@tanstack/react-query';
import { paymentsCalls } from '@betoch/contracts/routes/payments';
import { callApi } from '@/lib/api-client';

/** Asked again this often while the gateway has not confirmed yet. */
export const VERIFY_POLL_MS = 2000;
/** After this long still pending, the page says so and offers to check again. */
export const VERIFY_PATIENCE_MS = 60_000;

/** POST /purchase/verify {tx_ref}: the return page's purchase (only its owner gets an answer). */
export function verifyPurchase(txRef: string, signal?: AbortSignal) {
  return callApi(paymentsCalls.verifyPurchase, { body: { tx_ref: txRef } }, { signal });
}

/** Polls while the purchase is pending, until `patient` turns false. */
export function useVerifyPurchase(txRef: string | null, patient: boolean) {
  return useQuery({
    queryKey: ['wallet', 'purchase', txRef],
    queryFn: ({ signal }) => verifyPurchase(txRef!, signal),
    enabled: txRef !== null,
    retry: 2,
    refetchInterval: (query) => (patient && query.state.data?.status === 'pending' ? VERIFY_POLL_MS : false),
  });
}
