import { useQuery } from '@tanstack/react-query';
import { walletCalls } from '@betoch/contracts/routes/wallet';
import { callApi } from '@/lib/api-client';

/** One cache entry for the balance: the top bar badge and /wallet read the same answer. */
export const walletBalanceKey = ['wallet', 'balance'] as const;

/** GET /wallet/balance: credits, post credits and the plans' end dates. */
export function getWalletBalance(signal?: AbortSignal) {
  return callApi(walletCalls.balance, {}, { signal });
}

/** `fresh`: asked again whenever the screen opens (the wallet page), not only when stale. */
export function useWalletBalance(enabled = true, fresh = false) {
  return useQuery({
    queryKey: walletBalanceKey,
    queryFn: ({ signal }) => getWalletBalance(signal),
    enabled,
    refetchOnMount: fresh ? 'always' : true,
  });
}
