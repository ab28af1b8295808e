import { useQuery } from '@tanstack/react-query';
import { paymentsCalls } from '@betoch/contracts/routes/payments';
import { callApi } from '@/lib/api-client';

/** GET /payments/methods: whether the hosted checkout (telebirr, CBE Birr, M-Pesa, cards) is on. */
export function getPaymentMethods(signal?: AbortSignal) {
  return callApi(paymentsCalls.methods, {}, { signal });
}

export function usePaymentMethods() {
  return useQuery({ queryKey: ['payments', 'methods'], queryFn: ({ signal }) => getPaymentMethods(signal), staleTime: 10 * 60_000 });
}
