import { queryOptions, useQuery } from '@tanstack/react-query';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /account/telegram: whether a bot is set up, and whether this account is linked to it. */
export function getTelegram() {
  return callApi(telegramCalls.getTelegram);
}

/** While a start link is waiting to be opened in Telegram, the page asks again every 3 seconds. */
export function useTelegram(waiting: boolean) {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.telegram,
      queryFn: getTelegram,
      refetchInterval: (query) => (waiting && query.state.data?.linked === false ? 3000 : false),
    }),
  );
}
