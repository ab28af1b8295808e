import { useQuery } from '@tanstack/react-query';
import type { TWalletHistoryAnswer } from '@betoch/contracts/wallet';
import { apiRequest } from '@/lib/api-client';

/** Under ['wallet']: a purchase or a refund that invalidates the wallet refreshes the history too. */
export const walletHistoryKey = ['wallet', 'history'] as const;

/** GET /wallet/history: the last 50 credit and post-credit changes, newest first. */
export function getWalletHistory(signal?: AbortSignal): Promise<TWalletHistoryAnswer> {
  return apiRequest<TWalletHistoryAnswer>('/wallet/history', { signal });
}

export function useWalletHistory() {
  return useQuery({ queryKey: walletHistoryKey, queryFn: ({ signal }) => getWalletHistory(signal), refetchOnMount: 'always' });
}
