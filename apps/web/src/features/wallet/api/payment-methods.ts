import { useQuery } from '@tanstack/react-query';
import type { TPaymentMethodsAnswer } from '@betoch/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** GET /payments/methods: whether the hosted checkout (telebirr, CBE Birr, M-Pesa, cards) is on. */
export function getPaymentMethods(signal?: AbortSignal): Promise<TPaymentMethodsAnswer> {
  return apiRequest<TPaymentMethodsAnswer>('/payments/methods', { signal });
}

export function usePaymentMethods() {
  return useQuery({ queryKey: ['payments', 'methods'], queryFn: ({ signal }) => getPaymentMethods(signal), staleTime: 10 * 60_000 });
}
