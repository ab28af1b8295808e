import { queryOptions, useQuery } from '@tanstack/react-query';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import { callApi } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** GET /account/telegram: whether alerts can go to Telegram (a bot, and this account linked to it). */
export function getTelegramStatus() {
  return callApi(telegramCalls.getTelegram);
}

export function useTelegramStatus() {
  return useQuery(queryOptions({ queryKey: savedSearchKeys.telegram, queryFn: getTelegramStatus, staleTime: 60_000 }));
}
