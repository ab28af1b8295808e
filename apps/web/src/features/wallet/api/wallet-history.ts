import { useQuery } from '@tanstack/react-query';
import { walletCalls } from '@betoch/contracts/routes/wallet';
import { callApi } from '@/lib/api-client';

/** Under ['wallet']: a purchase or a refund that invalidates the wallet refreshes the history too. */
export const walletHistoryKey = ['wallet', 'history'] as const;

/** GET /wallet/history: the last 50 credit and post-credit changes, newest first. */
export function getWalletHistory(signal?: AbortSignal) {
  return callApi(walletCalls.history, {}, { signal });
}

export function useWalletHistory() {
  return useQuery({ queryKey: walletHistoryKey, queryFn: ({ signal }) => getWalletHistory(signal), refetchOnMount: 'always' });
}
